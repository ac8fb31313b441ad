import Foundation

/// Checks a webhook's callback URL: an absolute `http` or `https` URL whose host resolves to
/// addresses the server may connect to (see ``OutboundAddressGuard``). It runs when the hook
/// is created and again before every attempt, since what a name resolves to can change.
struct CallbackURLCheck: Sendable {
    /// Decides which addresses are allowed.
    let addressGuard: OutboundAddressGuard

    /// Why a callback URL is refused, in a sentence for the hook's owner.
    struct Problem: Error, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The URL `text` and the checked address to connect to for it.
    ///
    /// - Throws: ``Problem`` when the URL is not an absolute http(s) URL, its host does not
    ///   resolve, or it resolves to an address that is not allowed.
    func check(_ text: String) async throws -> (url: URL, address: IPAddress) {
        let url = try Self.httpURL(text)
        do {
            return (url, try await addressGuard.address(for: url, subject: "callback_url \(text)"))
        } catch let failure as IntakeFailure where failure.reason == .forbiddenAddress {
            throw Problem(description: failure.message)
        } catch is IntakeFailure {
            throw Problem(description: "the host \(OutboundAddressGuard.host(of: url)) of callback_url \(text) cannot be resolved")
        }
    }

    /// `text` as an absolute `http` or `https` URL with a host, without user information.
    ///
    /// - Throws: ``Problem`` otherwise.
    static func httpURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw Problem(description: "callback_url \(text) is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw Problem(description: "callback_url \(text) is a \(scheme): URL; webhooks are sent to http and https URLs only")
        }
        guard !OutboundAddressGuard.host(of: url).isEmpty else {
            throw Problem(description: "callback_url \(text) has no host")
        }
        guard url.user == nil, url.password == nil else {
            throw Problem(description: "callback_url \(text) contains a user name or password; put a token in the path or query instead")
        }
        return url
    }
}
