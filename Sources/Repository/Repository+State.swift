import Foundation
import HTTPSupport
import JSON
import SQLKit
import Storage

/// The states of a document beside its properties: trash, lifecycle, lock and versions.
extension Repository {
    /// Puts `document` (and everything below it) in the trash, or takes it out.
    public func setTrashed(_ trashed: Bool, _ document: Document, for checker: AccessChecker) async throws -> Document {
        try await require(Permission.remove, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        guard document.path != "/", !document.isVersion else { throw RepositoryError.invalid("\(document.path) cannot be trashed") }
        return try await change(document, recording: { _ in trashed ? .trashed : .untrashed }, by: checker.userName) { current, sql in
            try await sql.update("repo_documents").set("is_trashed", to: trashed ? 1 : 0)
                .where(DocumentStore.subtree(current.path)).where("is_version", .equal, 0).run()
            current.isTrashed = trashed
            self.touch(&current, by: checker.userName)
        }
    }

    /// Follows the lifecycle transition `transition` (`approve`, `backToProject`, …).
    public func follow(transition: String, _ document: Document, for checker: AccessChecker) async throws -> Document {
        try await require(Permission.writeLifeCycle, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        guard let state = document.state else { throw RepositoryError.invalid("\(document.path) has no lifecycle") }
        guard let next = Lifecycle.state(after: transition, from: state) else {
            let allowed = Lifecycle.allowedTransitions(from: state).joined(separator: ", ")
            throw RepositoryError.invalid("transition '\(transition)' is not allowed from state '\(state)' (allowed: \(allowed))")
        }
        let event = AuditEvent.transition(transition, from: state, to: next)
        return try await change(document, recording: { _ in event }, by: checker.userName) { current, _ in
            current.state = next
            self.touch(&current, by: checker.userName)
        }
    }

    /// Locks `document` for the caller. Locking again by the same user is not an error.
    public func lock(_ document: Document, for checker: AccessChecker) async throws -> Document {
        try await require(Permission.writeProperties, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        if document.lockOwner == checker.userName { return document }
        return try await change(document, recording: { _ in .locked }, by: checker.userName) { current, _ in
            try Self.requireUnlocked(current, for: checker)
            current.lockOwner = checker.userName
            current.lockCreated = Date()
        }
    }

    /// Removes the lock of `document`: the caller's own, or anyone's with `Unlock`.
    public func unlock(_ document: Document, for checker: AccessChecker) async throws -> Document {
        guard let owner = document.lockOwner else { return document }
        if owner != checker.userName {
            guard try await isGranted(Permission.unlock, on: document, for: checker) else {
                throw RepositoryError.locked(path: document.path, owner: owner)
            }
        } else {
            try await require(Permission.writeProperties, on: document, for: checker)
        }
        return try await change(document, recording: { _ in .unlocked }, by: checker.userName) { current, _ in
            current.lockOwner = nil
            current.lockCreated = nil
        }
    }

    /// Checks in `document`: freezes its current state as a new version and marks it checked in.
    ///
    /// - Returns: The live document, whose ``Document/versionLabel`` is the new version's.
    public func checkIn(_ document: Document, increment: VersionIncrement, for checker: AccessChecker) async throws -> Document {
        try await require(Permission.version, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        guard !document.isVersion, facets(of: document).contains(Facet.versionable) else {
            throw RepositoryError.invalid("\(document.path) cannot be versioned")
        }
        let checkedIn = { (live: Document) in AuditEvent.checkedIn(label: live.versionLabel ?? "") }
        return try await change(document, recording: checkedIn, by: checker.userName) { current, sql in
            let major = current.properties["uid:major_version"]?.integerValue ?? 0
            let minor = current.properties["uid:minor_version"]?.integerValue ?? 0
            let (newMajor, newMinor) = increment == .major ? (major + 1, 0) : (major, minor + 1)
            current.properties["uid:major_version"] = .integer(newMajor)
            current.properties["uid:minor_version"] = .integer(newMinor)
            current.versionLabel = "\(newMajor).\(newMinor)"
            current.isCheckedIn = true
            current.changeToken += 1
            try await sql.update("repo_documents").set("is_latest_version", to: 0)
                .where("version_series_id", .equal, current.id).run()
            var version = current
            version.id = UUID().uuidString.lowercased()
            version.parentID = nil
            version.isVersion = true
            version.isLatestVersion = true
            version.versionSeriesID = current.id
            version.lockOwner = nil
            version.lockCreated = nil
            version.createdAt = Date()
            try await sql.runInOrder([
                DocumentStore.insertion(of: version, facets: self.facets(of: version)), self.fullTextEntry(of: version),
            ])
            try await AuditLog.record(.versionCreated(label: version.versionLabel ?? ""), on: version, by: checker.userName, in: sql)
        }
    }

    /// Marks a checked-in `document` as being edited again.
    public func checkOut(_ document: Document, for checker: AccessChecker) async throws -> Document {
        try await require(Permission.writeProperties, on: document, for: checker)
        guard document.isCheckedIn else { return document }
        return try await change(document, recording: { _ in .checkedOut }, by: checker.userName) { current, _ in
            current.isCheckedIn = false
            current.changeToken += 1
        }
    }

    /// The versions of the live `document`, oldest first.
    public func versions(of document: Document, for checker: AccessChecker) async throws -> [Document] {
        try await require(Permission.read, on: document, for: checker)
        return try await database.withReadConnection { sql in try await DocumentStore.versions(of: document.id, in: sql) }
    }

    /// The label clients see: the version's, with `+` once a checked-in document is edited
    /// again, and `0.0` before the first version.
    public func displayedVersionLabel(of document: Document) -> String {
        let label = document.versionLabel ?? "0.0"
        return document.isVersion || document.isCheckedIn || document.versionLabel == nil ? label : label + "+"
    }

    /// Reads the current row of `document`, lets `body` change it (and run statements), and
    /// saves it, in one transaction that records `event` of the changed document, caused by
    /// `principal`.
    func change(
        _ document: Document, recording event: (Document) -> AuditEvent, by principal: String,
        _ body: @Sendable (inout Document, any SQLDatabase) async throws -> Void
    ) async throws -> Document {
        try await commit(recording: event, by: principal) { sql in
            var current = try await Self.find(.id(document.id), in: sql)
            try await body(&current, sql)
            try await DocumentStore.save(current, facets: self.facets(of: current), in: sql)
            return current
        }
    }
}
