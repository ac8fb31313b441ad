import Foundation
import QEDSDK

/// The SDK's storage for this test process: one temporary directory, never the user's
/// Application Support. Tests run in parallel and share it, so each uses file names of its own.
/// Everything the tests write goes under it, so a run leaves one directory in the system's
/// temporary directory.
enum TestStorage {
    /// Points ``QEDFile/storageDirectory`` at the process's temporary directory (once), and
    /// returns it.
    @discardableResult
    static func prepare() -> URL {
        directory
    }

    private static let directory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qedsdk-tests-\(UUID().uuidString)", isDirectory: true)
        QEDFile.storageDirectory = directory
        return directory
    }()

    /// A new file with `contents` in a folder of its own, outside the SDK's `Files` and `PDFs`.
    static func file(named name: String, contents: Data) throws -> URL {
        let folder = directory.appendingPathComponent("inputs/\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }
}
