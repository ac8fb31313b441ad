import ArgumentParser
import Foundation
import SignWellSDK

extension SignCommand {
    /// Where the server is and which key asks: the options every `chancery sign` command
    /// shares, with `chancery notarize`'s names and variables.
    struct Connection: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The server's URL. [env: CHANCERY_SERVER] (default: http://127.0.0.1:8080)", valueName: "url"))
        var server: String?

        @Option(
            name: [.customLong("api-key"), .customLong("key")],
            help: ArgumentHelp("An API key of the server (chancery apikey create). [env: CHANCERY_API_KEY]", valueName: "key")
        )
        var apiKey: String?

        /// A client of the server's SignWell API, after flags, environment and defaults.
        ///
        /// - Throws: ``ConfigurationError`` when the URL is not an http or https URL, or there
        ///   is no key.
        func client() throws -> SignWellClient {
            let text = Setting.resolve(server, environment: "CHANCERY_SERVER", default: "http://127.0.0.1:8080")
            guard let serverURL = URL(string: text), ["http", "https"].contains(serverURL.scheme ?? ""), serverURL.host != nil else {
                throw ConfigurationError("'\(text)' is not an http or https URL")
            }
            guard let key = Setting.resolve(apiKey, environment: "CHANCERY_API_KEY"), !key.isEmpty else {
                throw ConfigurationError("the API key is missing: pass --api-key KEY or set CHANCERY_API_KEY")
            }
            var root = serverURL.absoluteString
            while root.hasSuffix("/") { root.removeLast() }
            // A valid URL followed by a path is a valid URL.
            return SignWellClient(baseURL: URL(string: root + "/signwell/api/v1")!, apiKey: key)
        }
    }
}
