import NIOPosix

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Resolves host names to every address the system resolver gives (A and AAAA records,
/// `/etc/hosts`), in the order it prefers them.
///
/// `getaddrinfo` blocks, so it runs on NIO's thread pool. It cannot be interrupted: a
/// download whose time limit passes during a lookup fails when the lookup returns, which
/// the resolver's own timeouts bound (`/etc/resolv.conf`, by default 5 s per attempt).
enum HostResolver {
    /// The addresses of `host`: a name, or an address in any form `getaddrinfo` reads
    /// (`127.1` and `0x7f.0.0.1` included, which is why even numeric hosts go through it).
    ///
    /// - Throws: ``IntakeFailure`` `.unresolvableHost` when the name has no address.
    static func addresses(of host: String) async throws -> [IPAddress] {
        let result = try await NIOThreadPool.singleton.runIfActive { resolve(host) }
        switch result {
        case .success(let addresses):
            return addresses
        case .failure(let reason):
            throw IntakeFailure(.unresolvableHost, "the host \(host) of file_url cannot be resolved (\(reason))")
        }
    }

    /// Why a lookup failed, as `gai_strerror` says it.
    struct LookupFailure: Error, CustomStringConvertible {
        /// The resolver's explanation.
        let description: String
    }

    /// Calls `getaddrinfo` for `host` and collects the distinct addresses.
    private static func resolve(_ host: String) -> Result<[IPAddress], LookupFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            return .failure(LookupFailure(description: String(cString: gai_strerror(status))))
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry?.pointee {
            if let socketAddress = current.ai_addr, let address = address(of: socketAddress, family: current.ai_family), !addresses.contains(address)
            {
                addresses.append(address)
            }
            entry = current.ai_next
        }
        return addresses.isEmpty ? .failure(LookupFailure(description: "no IPv4 or IPv6 address")) : .success(addresses)
    }

    /// The IP address in a `sockaddr_in` or `sockaddr_in6`.
    private static func address(of socketAddress: UnsafeMutablePointer<sockaddr>, family: Int32) -> IPAddress? {
        switch family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                withUnsafeBytes(of: v4.pointee.sin_addr) { IPAddress(bytes: Array($0)) }
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { IPAddress(bytes: Array($0)) }
            }
        default:
            return nil
        }
    }
}
