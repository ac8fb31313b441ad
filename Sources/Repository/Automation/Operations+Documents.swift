import Foundation
import HTTPSupport
import JSON

extension Operation {
    /// The operations on documents: creating, fetching, changing, moving, deleting, querying.
    static let documentOperations: [Operation] = [
        Operation(
            "Document.Create", aliases: ["Document.CreateDocument"], category: "Document",
            description: "Creates a document in the input folder.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("type", "string", required: true), .init("name", "string"), .init("properties", "properties")]
        ) { input, call in
            let type = try call.required("type")
            let properties = try call.properties()
            return try await input.mapDocuments(for: "Document.Create") { parent in
                try await call.repository.create(type: type, name: call.string("name"), properties: properties, in: parent, for: call.checker)
            }
        },
        Operation(
            "Document.Fetch", aliases: ["Repository.GetDocument"], category: "Fetch",
            description: "Fetches a document by path or id.",
            signature: [("void", "document")], parameters: [.init("value", "document", required: true)]
        ) { _, call in
            .document(try await call.document("value"))
        },
        Operation(
            "Document.GetChild", category: "Document", description: "Gets the child of the input folder with the given name.",
            signature: [("document", "document")], parameters: [.init("name", "string", required: true)]
        ) { input, call in
            let parent = try input.document(for: "Document.GetChild")
            let path = parent.path == "/" ? "/\(try call.required("name"))" : "\(parent.path)/\(try call.required("name"))"
            return .document(try await call.repository.document(.path(path), for: call.checker))
        },
        Operation(
            "Document.GetChildren", category: "Document", description: "Gets the children of the input folder.",
            signature: [("document", "documents")]
        ) { input, call in
            let page = try await call.repository.children(
                of: try input.document(for: "Document.GetChildren"),
                page: PageRequest(pageSize: 0), for: call.checker)
            return .documents(page.documents, page: nil)
        },
        Operation(
            "Document.GetParent", category: "Document", description: "Gets the parent of the input document, or its first ancestor of a type.",
            signature: [("document", "document")], parameters: [.init("type", "string")]
        ) { input, call in
            var current = try input.document(for: "Document.GetParent")
            while let parent = try await call.repository.parent(of: current, for: call.checker) {
                if let type = call.string("type"), !type.isEmpty, parent.type != type {
                    current = parent
                    continue
                }
                return .document(parent)
            }
            throw RepositoryError.documentNotFound("parent of \(current.path)")
        },
        Operation(
            "Document.Update", category: "Document", description: "Sets properties of the input documents.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("properties", "properties", required: true), .init("save", "boolean"), .init("changeToken", "string")]
        ) { input, call in
            let properties = try call.properties()
            let changeToken = call.string("changeToken")
            return try await input.mapDocuments(for: "Document.Update") { document in
                if let changeToken, !changeToken.isEmpty, changeToken != String(document.changeToken) {
                    throw RepositoryError.conflict("\(document.path) was changed since change token \(changeToken)")
                }
                return try await call.repository.update(document, properties: properties, for: call.checker)
            }
        },
        Operation(
            "Document.SetProperty", category: "Document", description: "Sets one property of the input documents.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("xpath", "string", required: true), .init("value", "serializable"), .init("save", "boolean")]
        ) { input, call in
            let key = try call.required("xpath")
            let value = call.parameters["value"] ?? .null
            return try await input.mapDocuments(for: "Document.SetProperty") { document in
                try await call.repository.update(document, properties: [key: value], for: call.checker)
            }
        },
        Operation(
            "Document.Delete", aliases: ["Document.Remove"], category: "Document", description: "Deletes the input documents.",
            signature: [("document", "void"), ("documents", "void")]
        ) { input, call in
            _ = try await input.mapDocuments(for: "Document.Delete") { document in
                try await call.repository.delete(document, for: call.checker)
                return document
            }
            return .void
        },
        Operation(
            "Document.Move", category: "Document", description: "Moves the input documents into the target folder.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("target", "document", required: true), .init("name", "string")]
        ) { input, call in
            let target = try await call.document("target")
            return try await input.mapDocuments(for: "Document.Move") { document in
                try await call.repository.move(document, to: target, name: call.string("name"), for: call.checker)
            }
        },
        Operation(
            "Document.Query", aliases: ["Repository.Query"], category: "Fetch", description: "Runs an NXQL query.",
            signature: [("void", "documents")],
            parameters: [
                .init("query", "string", required: true), .init("language", "string"), .init("pageSize", "integer"),
                .init("currentPageIndex", "integer"), .init("maxResults", "string"), .init("sortBy", "string"),
                .init("sortOrder", "string"), .init("queryParams", "stringlist"),
            ]
        ) { _, call in
            let page = PageRequest(
                pageSize: min(try call.integer("pageSize", default: 0), DocumentPage.maxPageSize),
                pageIndex: max(0, try call.integer("currentPageIndex", default: 0)),
                maxResults: min(max(1, try call.integer("maxResults", default: 1000)), 10_000),
                sortBy: call.list("sortBy"), sortOrder: call.list("sortOrder")
            )
            let result = try await call.repository.query(
                try call.required("query"), parameters: call.list("queryParams"), page: page, for: call.checker)
            return .documents(result.documents, page: result)
        },
        Operation(
            "Document.FetchByProperty", category: "Fetch", description: "Finds documents whose property has one of the values.",
            signature: [("void", "documents")],
            parameters: [.init("property", "string", required: true), .init("values", "stringlist", required: true), .init("query", "string")]
        ) { _, call in
            let property = try call.required("property")
            guard property.allSatisfy({ $0.isLetter || $0.isNumber || ":_-/".contains($0) }) else {
                throw RepositoryError.invalid("'\(property)' is not a property name")
            }
            let values = call.list("values")
            guard !values.isEmpty else { throw RepositoryError.invalid("the parameter 'values' is required") }
            var nxql = "SELECT * FROM Document WHERE \(property) IN (\(values.map { _ in "?" }.joined(separator: ", ")))"
            if let extra = call.string("query"), !extra.isEmpty { nxql += " AND (\(extra))" }
            let result = try await call.repository.query(nxql, parameters: values, page: PageRequest(pageSize: 0), for: call.checker)
            return .documents(result.documents, page: nil)
        },
        Operation(
            "Document.Trash", category: "Document", description: "Puts the input documents in the trash.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.Trash") { try await call.repository.setTrashed(true, $0, for: call.checker) }
        },
        Operation(
            "Document.Untrash", category: "Document", description: "Takes the input documents out of the trash.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.Untrash") { try await call.repository.setTrashed(false, $0, for: call.checker) }
        },
        Operation(
            "Document.FollowLifecycleTransition", aliases: ["Document.SetLifeCycle"], category: "Document",
            description: "Follows a lifecycle transition; `delete` and `undelete` also trash and untrash.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("value", "string", required: true)]
        ) { input, call in
            let transition = try call.required("value")
            return try await input.mapDocuments(for: "Document.FollowLifecycleTransition") { document in
                let moved = try await call.repository.follow(transition: transition, document, for: call.checker)
                switch transition {
                case "delete": return try await call.repository.setTrashed(true, moved, for: call.checker)
                case "undelete": return try await call.repository.setTrashed(false, moved, for: call.checker)
                default: return moved
                }
            }
        },
        Operation(
            "Document.Lock", category: "Document", description: "Locks the input documents for the caller.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.Lock") { try await call.repository.lock($0, for: call.checker) }
        },
        Operation(
            "Document.Unlock", category: "Document", description: "Unlocks the input documents.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.Unlock") { try await call.repository.unlock($0, for: call.checker) }
        },
        Operation(
            "Document.CheckIn", aliases: ["Document.CreateVersion"], category: "Document",
            description: "Checks in the input documents as a new minor or major version.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("version", "string", required: true), .init("comment", "string")]
        ) { input, call in
            let option = try call.required("version")
            guard let increment = VersionIncrement(option: option) else {
                throw RepositoryError.invalid("the parameter 'version' must be minor or major, not '\(option)'")
            }
            return try await input.mapDocuments(for: "Document.CheckIn") {
                try await call.repository.checkIn($0, increment: increment, for: call.checker)
            }
        },
        Operation(
            "Document.CheckOut", category: "Document", description: "Checks out the input documents for editing.",
            signature: [("document", "document"), ("documents", "documents")]
        ) { input, call in
            try await input.mapDocuments(for: "Document.CheckOut") { try await call.repository.checkOut($0, for: call.checker) }
        },
        Operation(
            "Document.GetVersions", category: "Document", description: "Gets the versions of the input document.",
            signature: [("document", "documents")]
        ) { input, call in
            .documents(try await call.repository.versions(of: try input.document(for: "Document.GetVersions"), for: call.checker), page: nil)
        },
    ]
}
