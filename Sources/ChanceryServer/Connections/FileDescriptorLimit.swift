#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds its connections too.
enum FileDescriptorLimit {
    /// Raises the soft limit to the hard one, as far as the system lets it, and returns the
    /// soft limit now in force; `nil` if the system does not say.
    static func raiseToHardLimit() -> Int? {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        // Darwin reports an unlimited hard limit that setrlimit refuses; a million is plenty.
        let wanted = min(limit.rlim_max, 1 << 20)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 {
                limit = raised
            }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The most connections a process with `limit` open files may keep, leaving a quarter of
    /// the descriptors (at most 1,024) for its database, blob files and keys.
    static func connections(within limit: Int) -> Int {
        limit - min(1024, limit / 4)
    }
}
