import HTTPSupport
import Testing

@Suite("Range header")
struct ByteRangeTests {
    @Test("single ranges resolve against the size; what cannot be served whole is unsatisfiable")
    func resolve() {
        #expect(ByteRange.resolve(nil, size: 10) == .whole)
        #expect(ByteRange.resolve("bytes=0-3", size: 10) == .partial(0..<4))
        #expect(ByteRange.resolve("bytes=5-", size: 10) == .partial(5..<10))
        #expect(ByteRange.resolve("bytes=-3", size: 10) == .partial(7..<10))
        #expect(ByteRange.resolve("bytes=8-100", size: 10) == .partial(8..<10))
        #expect(ByteRange.resolve("bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange.resolve("bytes=0-1,4-5", size: 10) == .whole)
        #expect(ByteRange.resolve("bytes=5-2", size: 10) == .whole)
        #expect(ByteRange.resolve("items=0-1", size: 10) == .whole)
        #expect(ByteRange.resolve("bytes=x-y", size: 10) == .whole)
    }
}
