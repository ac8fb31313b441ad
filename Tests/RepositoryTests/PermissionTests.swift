import Accounts
import Repository
import Testing

@Suite("Permissions and ACL evaluation")
struct PermissionTests {
    private let alice = AccessChecker(principal: Principal(userID: "1", userName: "alice", groups: ["members"], credential: .password))

    @Test("compound permissions include their parts, transitively")
    func includes() {
        #expect(Permission.permission("Everything", includes: "Browse"))
        #expect(Permission.permission("ReadWrite", includes: "AddChildren"))
        #expect(!Permission.permission("Read", includes: "Write"))
        #expect(!Permission.permission("Write", includes: "Read"))
    }

    @Test("the first matching entry decides, and a block denies everything after it")
    func firstMatchWins() {
        let denyAlice = AccessControlEntry(principal: "alice", permission: "Write", isGranted: false)
        let membersWrite = AccessControlEntry(principal: "members", permission: "ReadWrite", isGranted: true)
        #expect(!alice.isGranted("Write", by: [denyAlice, membersWrite]))
        #expect(alice.isGranted("Read", by: [denyAlice, membersWrite]))
        #expect(!alice.isGranted("Read", by: [.blockInheritance, membersWrite]))
        #expect(!alice.isGranted("Read", by: []))
    }

    @Test("read ACLs keep only entries about browsing, and equal ones share an id")
    func readACL() {
        let acl = [
            AccessControlEntry(principal: "bob", permission: "Write", isGranted: true),
            AccessControlEntry(principal: "alice", permission: "Read", isGranted: true),
            AccessControlEntry.blockInheritance,
        ]
        let read = ReadACL(effective: acl)
        #expect(read.entries.map(\.principal) == ["alice", "Everyone"])
        #expect(read.id == ReadACL(effective: Array(acl.dropFirst())).id)
        #expect(read.id != ReadACL(effective: [acl[1]]).id)
    }
}
