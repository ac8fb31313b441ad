import Foundation
import Testing

@testable import Conversion

#if canImport(Glibc)
import Glibc

/// A run that kills its program returns only once everything the program started has ended
/// (``ChildProcess/waitForGroupEnd(_:limit:)``), so that no process of a killed conversion still
/// holds its files.
@Suite struct ChildProcessGroupTests {
    @Test func waitingForAGroupReturnsOnceItsMembersHaveEndedAndNotBefore() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "sleep 60 & sleep 60 & wait"]
        try process.run()
        let group = process.processIdentifier
        defer { _ = kill(-group, SIGKILL) }

        #expect(Self.liveMembers(of: group).contains(group), "the program leads a process group of its own")
        #expect(await ChildProcess.waitForGroupEnd(group, limit: .milliseconds(200)) == false, "the group still runs")

        #expect(kill(-group, SIGKILL) == 0)
        #expect(await ChildProcess.waitForGroupEnd(group, limit: .seconds(30)))
        #expect(Self.liveMembers(of: group).isEmpty)
    }

    @Test func aGroupWithNoMemberHasEnded() async {
        // Process identifiers stop below 2^22 on Linux: no group has this number.
        #expect(await ChildProcess.waitForGroupEnd(Int32(1 << 23), limit: .seconds(30)))
    }

    /// The processes of group `group` that have not ended (zombies have), read from /proc.
    static func liveMembers(of group: Int32) -> [Int32] {
        let identifiers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return identifiers.compactMap { identifier -> Int32? in
            guard let number = Int32(identifier), let stat = FileManager.default.contents(atPath: "/proc/\(identifier)/stat"),
                let text = String(data: stat, encoding: .utf8), let end = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: end)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", fields[0] != "X", Int32(fields[2]) == group else { return nil }
            return number
        }
    }
}
#endif
