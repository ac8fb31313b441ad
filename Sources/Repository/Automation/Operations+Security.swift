import Accounts
import Foundation
import HTTPSupport
import HTTPTypes

extension Operation {
    /// The operations on access control.
    static let securityOperations: [Operation] = [
        Operation(
            "Document.AddPermission", aliases: ["Document.AddACE"], category: "Document",
            description: "Grants a permission on the input documents to users or groups.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [
                .init("permission", "string", required: true), .init("username", "string"), .init("users", "stringlist"),
                .init("acl", "string"), .init("begin", "date"), .init("end", "date"), .init("blockInheritance", "boolean"),
                .init("notify", "boolean"), .init("comment", "string"),
            ]
        ) { input, call in
            let permission = try call.required("permission")
            var users = call.list("users")
            if let user = call.string("username"), !user.isEmpty { users.insert(user, at: 0) }
            guard !users.isEmpty else { throw RepositoryError.invalid("the parameter 'username' or 'users' is required") }
            try await call.accounts.requireExisting(users.filter { $0 != AccessControlEntry.everyone })
            let begin = try date(call, "begin")
            let end = try date(call, "end")
            let entries = users.map {
                AccessControlEntry(principal: $0, permission: permission, isGranted: true, creator: call.checker.userName, begin: begin, end: end)
            }
            return try await input.mapDocuments(for: "Document.AddPermission") { document in
                try await call.repository.addPermissions(
                    entries, to: document, blockInheritance: call.bool("blockInheritance", default: false), for: call.checker)
            }
        },
        Operation(
            "Document.RemovePermission", aliases: ["Document.RemoveACE"], category: "Document",
            description: "Removes a permission (by ACE id, or by user and permission) from the input documents.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("id", "string"), .init("user", "string"), .init("permission", "string"), .init("acl", "string")]
        ) { input, call in
            let id = call.string("id")
            let user = call.string("user")
            guard id != nil || user != nil else { throw RepositoryError.invalid("the parameter 'id' or 'user' is required") }
            return try await input.mapDocuments(for: "Document.RemovePermission") { document in
                try await call.repository.removePermissions(
                    id: id, principal: user, permission: call.string("permission"), from: document, for: call.checker)
            }
        },
        Operation(
            "Document.BlockPermissionInheritance", category: "Document",
            description: "Stops the input documents from inheriting their parent's permissions.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.BlockPermissionInheritance") { document in
                try await call.repository.addPermissions([], to: document, blockInheritance: true, for: call.checker)
            }
        },
        Operation(
            "Document.UnblockPermissionInheritance", category: "Document",
            description: "Lets the input documents inherit their parent's permissions again.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.UnblockPermissionInheritance") {
                try await call.repository.unblockInheritance(of: $0, for: call.checker)
            }
        },
    ]

    private static func date(_ call: OperationCall, _ name: String) throws -> Date? {
        guard let text = call.string(name), !text.isEmpty else { return nil }
        guard let date = NuxeoDate.parse(text) else { throw RepositoryError.invalid("the parameter '\(name)' must be a date") }
        return date
    }
}
