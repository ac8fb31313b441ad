/// A block of memory aligned to the disk's pages that a blob's content is gathered into before
/// it is written: the alignment lets the block go to the disk by direct I/O
/// (``FileWriteback/enableDirect(_:)``).
///
/// A block has one user at a time: the loop that fills it, or the write that takes it to the
/// file; it is handed from one to the other, never shared, hence `@unchecked Sendable`.
final class AlignedBlock: @unchecked Sendable {
    /// The alignment of the memory, and of every length a direct write may have.
    static let alignment = 4096

    private let storage: UnsafeMutableRawBufferPointer
    /// How many bytes the block holds.
    private(set) var count = 0

    /// A block of `capacity` bytes (a multiple of ``alignment``).
    init(capacity: Int) {
        precondition(capacity > 0 && capacity % Self.alignment == 0, "an aligned block holds whole pages")
        storage = .allocate(byteCount: capacity, alignment: Self.alignment)
    }

    deinit {
        storage.deallocate()
    }

    /// Whether the block has no room left.
    var isFull: Bool { count == storage.count }

    /// Copies as much of `bytes` as fits and returns how many bytes it took.
    func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, storage.count - count)
        guard taken > 0 else { return 0 }
        UnsafeMutableRawBufferPointer(rebasing: storage[count..<count + taken]).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<taken]))
        count += taken
        return taken
    }

    /// Empties the block for reuse.
    func clear() {
        count = 0
    }

    /// What `body` makes of the bytes the block holds.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(rebasing: storage[..<count]))
    }
}
