/// A writer's encoded frames of the kinds of answer it met last: at most ``limit``, as many
/// as the data ids a chunk usually holds, the oldest replaced first.
///
/// A frame is the text of a kind's answers around their time and value: a head before them
/// and a tail after. The frames' bytes lie in one array, lent as raw bytes
/// (``withFrame(at:_:)``), so that writing an answer copies no array and retains nothing.
struct IntdashAnswerFrames {
    /// Where one frame's head and tail lie in ``bytes``.
    private struct Frame {
        let kind: IntdashAnswerKind
        let head: Range<Int>
        let tail: Range<Int>
    }

    private var frames: [Frame] = []
    /// The bytes of the frames, and of frames replaced since the last compaction.
    private var bytes: [UInt8] = []
    /// The frame a new one replaces once there are ``limit``.
    private var replaced = 0
    /// How many frames were made so far: positions given before it changed may name others.
    private(set) var made = 0

    /// How many frames are kept.
    static var limit: Int { 16 }
    /// How many bytes ``bytes`` may grow to before the replaced frames' bytes are dropped.
    private static let compactionSize = 64 << 10

    /// The position of `kind`'s frame, made with `make` when it is not kept.
    mutating func index(of kind: IntdashAnswerKind, making make: (IntdashAnswerKind) -> (head: [UInt8], tail: [UInt8])) -> Int {
        if let index = frames.firstIndex(where: { $0.kind == kind }) { return index }
        let (head, tail) = make(kind)
        made += 1
        if bytes.count + head.count + tail.count > Self.compactionSize { compact() }
        let frame = Frame(kind: kind, head: append(head), tail: append(tail))
        guard frames.count == Self.limit else {
            frames.append(frame)
            return frames.count - 1
        }
        let index = replaced
        frames[index] = frame
        replaced = (replaced + 1) % Self.limit
        return index
    }

    /// The data type of the answers of the frame at `index`, a position
    /// ``index(of:making:)`` gave since the last frame was made.
    func dataType(at index: Int) -> UInt8 { frames[index].kind.dataType }

    /// What `body` makes of the head and tail of the frame at `index`, a position
    /// ``index(of:making:)`` gave since the last frame was made.
    func withFrame<Result>(at index: Int, _ body: (_ head: UnsafeRawBufferPointer, _ tail: UnsafeRawBufferPointer) -> Result) -> Result {
        let (head, tail) = (frames[index].head, frames[index].tail)
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[head]), UnsafeRawBufferPointer(rebasing: $0[tail])) }
    }

    /// Appends `part` to ``bytes`` and returns where it lies.
    private mutating func append(_ part: [UInt8]) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: part)
        return start..<bytes.count
    }

    /// Keeps only the bytes of the frames kept.
    private mutating func compact() {
        let old = bytes
        bytes = []
        frames = frames.map { Frame(kind: $0.kind, head: append(Array(old[$0.head])), tail: append(Array(old[$0.tail]))) }
    }
}
