import CFileWriteback
import _NIOFileSystem

/// Early writeback of a file being written: the pages just written start on their way to the
/// disk while the writer goes on, instead of all waiting for the file's final fsync.
enum FileWriteback {
    /// Starts writing the `count` bytes at `offset` of `descriptor` to the disk and returns
    /// without waiting. A hint: a failure is ignored, since the final fsync makes the file
    /// durable (and reports any error) either way.
    static func start(_ descriptor: FileDescriptor, offset: Int64, count: Int64) {
        _ = chancery_start_writeback(descriptor.rawValue, offset, count)
    }
}
