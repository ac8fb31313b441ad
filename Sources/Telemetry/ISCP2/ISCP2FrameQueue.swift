/// A first-in, first-out queue of encoded frames with O(1) amortized `append` and `popFirst`
/// (an array and a read position, compacted when the read part dominates).
struct ISCP2FrameQueue {
    private var frames: [[UInt8]] = []
    private var head = 0

    /// How many frames are queued.
    var count: Int { frames.count - head }

    /// Adds a frame at the end.
    mutating func append(_ frame: [UInt8]) {
        frames.append(frame)
    }

    /// Removes and returns the oldest frame, or `nil` when the queue is empty.
    mutating func popFirst() -> [UInt8]? {
        guard head < frames.count else { return nil }
        let frame = frames[head]
        frames[head] = []
        head += 1
        if head == frames.count {
            frames.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= frames.count {
            frames.removeFirst(head)
            head = 0
        }
        return frame
    }
}
