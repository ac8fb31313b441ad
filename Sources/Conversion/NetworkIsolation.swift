import Foundation

/// Runs a program without network access, in a network namespace of its own that has no
/// interfaces but an unconfigured loopback (`unshare --net --map-root-user`, Linux user
/// namespaces).
///
/// LibreOffice fetches what a document links to (images in HTML, linked graphics and
/// sections in office files) while converting it. ``OfficeConverter`` turns that off in the
/// profile it gives LibreOffice; without a network, a fetch the profile misses cannot reach
/// the server's neighbours either. Where user namespaces are unavailable (containers that
/// forbid `unshare`, macOS), programs run as they are, protected by the profile alone.
public enum NetworkIsolation {
    /// Where `unshare` is installed on Debian and most Linux distributions.
    static let unshare = "/usr/bin/unshare"

    /// Whether `unshare` can make a network namespace here; found out once, on first use.
    private static let availability = Task<Bool, Never> {
        guard FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        let directory = FileManager.default.temporaryDirectory
        let probe = ChildProcess(
            executable: unshare, arguments: ["--net", "--map-root-user", "true"],
            environment: ProcessInfo.processInfo.environment, directory: directory,
            outputFile: directory.appendingPathComponent("chancery-unshare-probe-\(UUID().uuidString)")
        )
        defer { try? FileManager.default.removeItem(at: probe.outputFile) }
        return (try? await probe.run(timeLimit: .seconds(10))) == .exited(0)
    }

    /// Whether programs run by ``command(_:)`` are cut off from the network.
    public static var isAvailable: Bool {
        get async { await availability.value }
    }

    /// The command line that runs `command` (a program and its arguments) without network
    /// access when this system allows it, else `command` itself.
    public static func command(_ command: [String]) async -> [String] {
        await isAvailable ? [unshare, "--net", "--map-root-user"] + command : command
    }
}
