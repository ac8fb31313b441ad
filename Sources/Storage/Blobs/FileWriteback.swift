import CFileWriteback
import _NIOFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a file being written reaches its disk: early writeback of pages written through the
/// page cache, or direct I/O past it.
enum FileWriteback {
    /// Starts writing the `count` bytes at `offset` of `descriptor` to the disk and returns
    /// without waiting. A hint: a failure is ignored, since the final fsync makes the file
    /// durable (and reports any error) either way.
    static func start(_ descriptor: FileDescriptor, offset: Int64, count: Int64) {
        _ = chancery_start_writeback(descriptor.rawValue, offset, count)
    }

    /// Makes the writes through `descriptor` go straight to the disk (Linux `O_DIRECT`); `false`
    /// when its file system (tmpfs before Linux 6.6, for one) or the platform cannot. Direct writes need buffers,
    /// offsets and lengths aligned to the disk's blocks (``AlignedBlock``).
    static func enableDirect(_ descriptor: FileDescriptor) -> Bool {
        chancery_set_direct_io(descriptor.rawValue, 1) == 0
    }

    /// Makes the writes through `descriptor` go through the page cache again, as a write of a
    /// length that is not a whole number of blocks needs.
    static func disableDirect(_ descriptor: FileDescriptor) throws {
        guard chancery_set_direct_io(descriptor.rawValue, 0) == 0 else { throw Errno(rawValue: errno) }
    }
}
