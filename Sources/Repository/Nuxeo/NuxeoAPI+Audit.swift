import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The audit adapter (`@audit`): a document's history as a paginated `logEntries` entity,
/// newest first, filtered by Nuxeo's `eventId`, `category`, `principalName` (each repeatable),
/// `startEventDate` and `endEventDate` query parameters.
extension NuxeoAPI {
    /// `GET …/@audit`: the page of the history of `document` the query parameters ask for.
    func audit(_ call: NuxeoCall, of document: Document) async throws -> Response {
        try Self.require(call, .get)
        let page = try call.pageRequest(defaultPageSize: 50)
        let filter = AuditFilter(
            eventIDs: call.parameters("eventId"), categories: call.parameters("category"),
            principalNames: call.parameters("principalName"),
            start: try Self.eventDate(call, "startEventDate", endOfDay: false),
            end: try Self.eventDate(call, "endEventDate", endOfDay: true)
        )
        let (entries, total) = try await repository.auditEntries(of: document, matching: filter, page: page, for: call.checker)
        return try NuxeoCall.json(
            NuxeoEntityList(
                "logEntries", entries: entries.map(LogEntryEntity.init),
                pagination: NuxeoPagination(totalSize: total, page: page, count: entries.count)))
    }

    /// The date of the query parameter `name` (ISO 8601, or a day alone: `2024-01-02`, which
    /// stands for the start of that day, or its end when `endOfDay`); `nil` when absent.
    ///
    /// - Throws: 400 when it is present and not a date.
    private static func eventDate(_ call: NuxeoCall, _ name: String, endOfDay: Bool) throws -> Date? {
        guard let text = call.parameter(name), !text.isEmpty else { return nil }
        guard let date = NuxeoDate.parse(text) else {
            throw APIError(.badRequest, "parameter '\(name)' must be a date (yyyy-MM-dd or ISO 8601), not '\(text)'")
        }
        let isDayAlone = text.count == 10
        return endOfDay && isDayAlone ? date.addingTimeInterval(86_400 - 0.001) : date
    }
}
