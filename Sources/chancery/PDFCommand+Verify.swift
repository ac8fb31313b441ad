import ArgumentParser
import Foundation
import PDF
import PDFSigning
import SwiftASN1
import X509

extension PDFCommand {
    /// `chancery pdf verify FILE [--root CA.pem]`.
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every signature of a PDF file.",
            discussion: """
                For each signature: whether the digest of the signed bytes matches, whether \
                the CMS signature holds, whether the signer's certificate (and the time-stamping \
                authority's, for a time-stamped signature) chains to a --root, \
                and how much of the file it covers. The newest signature must cover the whole \
                file; earlier ones must each cover a whole revision, later revisions being \
                incremental updates. Exits 0 only when all of that holds for every signature \
                and there is at least one.
                """
        )

        @Argument(help: ArgumentHelp("The signed PDF file.", valueName: "file"))
        var file: String

        @Option(help: ArgumentHelp("A trusted root certificate, PEM; repeat for several.", valueName: "ca.pem"))
        var root: [String] = []

        func run() async throws {
            let bytes = try PDFCommand.read(file)
            var roots: [Certificate] = []
            for path in root {
                let pem = String(decoding: try PDFCommand.read(path), as: UTF8.self)
                guard let certificates = try? PEMDocument.parseMultiple(pemString: pem).map({ try Certificate(pemDocument: $0) }),
                    !certificates.isEmpty
                else {
                    throw ConfigurationError("\(path) holds no PEM certificate")
                }
                roots += certificates
            }
            let reports: [PDFSignatureReport]
            do {
                reports = try await PDFDocumentVerifier(trustedRoots: roots).verify(bytes)
            } catch let error as PDFSigningError {
                throw ConfigurationError("\(file): \(error)")
            }
            guard !reports.isEmpty else {
                print("no signatures")
                throw ExitCode.failure
            }
            for report in reports {
                print(Self.describe(report))
            }
            let newestCoversAll = reports.contains { $0.coversWholeFile }
            print(newestCoversAll ? "the file is covered up to its end" : "FAIL the file has changes after its newest signature")
            guard reports.allSatisfy(\.isValid), newestCoversAll else { throw ExitCode.failure }
        }

        /// The lines describing `report`.
        private static func describe(_ report: PDFSignatureReport) -> String {
            func line(_ passed: Bool, _ text: String) -> String {
                "  \(passed ? "ok  " : "FAIL") \(text)"
            }
            var lines = ["\(report.fieldName) (\(report.subFilter ?? "no /SubFilter")), signer \(report.signer ?? "unknown")"]
            for problem in report.problems {
                lines.append(line(false, problem))
            }
            if let cms = report.cms {
                lines.append(line(cms.digest.isPassed, "digest: \(cms.digest)"))
                lines.append(line(cms.signature.isPassed, "signature: \(cms.signature)"))
                lines.append(line(cms.chain.isPassed, "chain: \(cms.chain)"))
                if let timeStamp = cms.timeStamp {
                    let time = timeStamp.time.map { " at \($0.formatted(.iso8601))" } ?? ""
                    lines.append(line(timeStamp.imprintMatches && timeStamp.verification.isPassed, "time-stamp\(time): \(timeStamp.verification)"))
                }
            }
            let coverage =
                report.coversWholeFile
                ? "the whole file" : report.coversRevision ? "an earlier revision, followed by incremental updates" : "part of a revision"
            lines.append(line(report.coversRevision, "covers \(coverage)"))
            return lines.joined(separator: "\n")
        }
    }
}
