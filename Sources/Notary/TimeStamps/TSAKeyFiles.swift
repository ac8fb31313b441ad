import Foundation
import Storage
import TimeStamping

/// The time-stamp authority's keys in the keys directory, each a ``Storage/KeyFile``:
/// `tsa-root.pem` (the trust anchor clients pin), `tsa.pem` (the TSA certificate) and their
/// private keys `tsa-root.key` and `tsa.key`, generated together on first start.
///
/// The four belong together, so they are all present or all absent: the keys are written
/// first and the root certificate last, and a start that finds only some of them (an earlier
/// first start stopped half-way, or a file was lost) stops with a message naming the missing
/// one rather than make a new root that clients have not pinned.
public enum TSAKeyFiles {
    /// The file names, in the order they are created.
    static let names = (rootKey: "tsa-root.key", signingKey: "tsa.key", certificate: "tsa.pem", rootCertificate: "tsa-root.pem")

    /// Loads the keys from `directory`, generating and storing a new chain on first use.
    ///
    /// - Throws: ``Storage/KeyFileError`` when a file is unreadable, damaged or missing from
    ///   the set, or the files do not belong together.
    public static func loadOrCreate(in directory: String, commonName: String) throws -> TSAKeys {
        let files = [names.rootKey, names.signingKey, names.certificate, names.rootCertificate].map { KeyFile(directory: directory, name: $0) }
        let formats: [KeyFileFormat<String>] = [
            .pem("a PEM private key"), .pem("a PEM private key"), .pem("a PEM certificate"), .pem("a PEM certificate"),
        ]
        if let keys = try load(files, formats: formats) { return keys }
        let keys = try TSAKeys.generate(commonName: commonName)
        let texts = [keys.rootKeyPEM, keys.signingKeyPEM, try keys.certificatePEM, try keys.rootCertificatePEM]
        for ((file, format), text) in zip(zip(files, formats), texts) {
            guard try file.create(with: text, as: format) else {
                // Another process is creating the set at the same time: use its files.
                guard let theirs = try load(files, formats: formats) else {
                    throw KeyFileError.incomplete(present: file.path, missing: files.last!.path)
                }
                return theirs
            }
        }
        return keys
    }

    /// The keys in `files`, or `nil` when none of them exists.
    private static func load(_ files: [KeyFile], formats: [KeyFileFormat<String>]) throws -> TSAKeys? {
        let texts = try zip(files, formats).map { file, format in try file.load(format) }
        let present = zip(files, texts).filter { $0.1 != nil }.map(\.0)
        guard !present.isEmpty else { return nil }
        guard present.count == files.count else {
            throw KeyFileError.incomplete(present: present[0].path, missing: files.first { !present.map(\.path).contains($0.path) }!.path)
        }
        let pems = texts.compactMap { $0 }
        do {
            return try TSAKeys(rootCertificatePEM: pems[3], rootKeyPEM: pems[0], certificatePEM: pems[2], signingKeyPEM: pems[1])
        } catch {
            throw KeyFileError.inconsistent(paths: files.map(\.path), reason: "\(error)")
        }
    }
}
