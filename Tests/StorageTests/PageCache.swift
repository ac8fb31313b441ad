#if os(Linux)
import Foundation
import Glibc

/// What of a file is in the page cache, asked of the kernel (`mincore` over a mapping of the
/// file, which reads nothing in).
enum PageCache {
    /// The size of a page.
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// How many pages of the file at `path` are in memory.
    static func residentPages(of path: String) throws -> Int {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        let length = Int(status.st_size)
        guard length > 0 else { return 0 }
        guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else {
            throw CocoaError(.fileReadUnknown)
        }
        defer { munmap(mapping, length) }
        var residency = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapping, length, &residency) == 0 else { throw CocoaError(.fileReadUnknown) }
        return residency.filter { $0 & 1 == 1 }.count
    }
}
#endif
