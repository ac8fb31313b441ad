import Foundation

/// Decides whether the server may connect to the host of a URL, and to which address.
///
/// The host is resolved once, here; every address it resolves to (all A and AAAA records)
/// must be public unless ``IntakePolicy/allowPrivateNetworks`` is set or the host is one of
/// ``IntakePolicy/trustedHosts``. The connection is then made to the first of those checked
/// addresses and to nothing else (see ``FileDownloader``), so a DNS server that answers
/// differently the second time (DNS rebinding) cannot steer it elsewhere.
struct OutboundAddressGuard: Sendable {
    /// Whether any address is allowed.
    let allowPrivateNetworks: Bool
    /// Hosts whose addresses are allowed whatever they are.
    let trustedHosts: Set<String>

    /// The address to connect to for `url`, whose host ``FileDownloader`` has checked is
    /// present. `subject` names the URL in messages ("file_url https://…").
    ///
    /// - Throws: ``IntakeFailure`` `.forbiddenAddress` when an address is not allowed,
    ///   `.unresolvableHost` when the host has none.
    func address(for url: URL, subject: String) async throws -> IPAddress {
        let host = Self.host(of: url)
        let addresses = try await HostResolver.addresses(of: host)
        if !allowPrivateNetworks, !trustedHosts.contains(host.lowercased()) {
            for address in addresses {
                if let range = address.specialPurposeRange {
                    throw IntakeFailure(.forbiddenAddress, "\(subject) leads to \(address), \(range), which this server does not fetch from")
                }
            }
        }
        return addresses[0]
    }

    /// The host of `url` as the HTTP client reads it: without the brackets of an IPv6 literal.
    static func host(of url: URL) -> String {
        let host = url.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") {
            return String(host.dropFirst().dropLast())
        }
        return host
    }
}
