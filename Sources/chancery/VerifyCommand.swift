import ArgumentParser
import Foundation
import NotaryProof
import QEDSDK
import TransparencyLog

/// `chancery verify FILE BUNDLE`: checks a notarized file offline.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a file against its proof bundle, offline.",
        discussion: """
            Checks that the file's SHA-256 is in the logged entry, that the entry is in a \
            checkpoint signed by the log key, that the private metadata opens the entry's \
            commitment, and that the RFC 3161 token covers the file. Exits 0 only when every \
            check passes. Pin the trust anchors you got from the server operator; without \
            them the bundle's own are used, which proves consistency, not origin.

            Example:
              curl -s http://notary.example.com/.well-known/chancery/log.vkey -o log.vkey
              curl -s http://notary.example.com/.well-known/chancery/tsa-root.pem -o tsa-root.pem
              chancery verify photo.jpg photo.chancery-proof.zip --log-key log.vkey --tsa-root tsa-root.pem
            """
    )

    @Argument(help: ArgumentHelp("The file that was notarized.", valueName: "file"))
    var file: String

    @Argument(help: ArgumentHelp("Its proof bundle (.chancery-proof.zip).", valueName: "bundle"))
    var bundle: String

    @Option(name: .customLong("log-key"), help: ArgumentHelp("A file holding the log's verifier key to trust.", valueName: "file"))
    var logKey: String?

    @Option(name: .customLong("tsa-root"), help: ArgumentHelp("A file holding the TSA root certificate (PEM) to trust.", valueName: "file"))
    var tsaRoot: String?

    func run() async throws {
        let verifier = BundleVerifier(
            pinnedLogKey: try logKey.map { try Self.text(of: $0).trimmingCharacters(in: .whitespacesAndNewlines) },
            pinnedTSARoot: try tsaRoot.map(Self.text(of:))
        )
        guard FileManager.default.isReadableFile(atPath: file), let digest = try? QEDFile.calculateHash(ofFileAt: URL(fileURLWithPath: file)) else {
            throw ConfigurationError("cannot read \(file)")
        }
        let checks = await verifier.verify(fileDigest: Hex.decode(digest) ?? [], archive: Array(try Self.contents(of: bundle)))
        for check in checks {
            print("\(check.passed ? "ok  " : "FAIL") \(check.name): \(check.detail)")
        }
        guard checks.allSatisfy(\.passed) else { throw ExitCode.failure }
    }

    private static func contents(of path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw ConfigurationError("cannot read \(path)") }
        return data
    }

    private static func text(of path: String) throws -> String {
        String(decoding: try contents(of: path), as: UTF8.self)
    }
}
