import Foundation

extension QEDFile {
    /// This file updated from the server's `report` of it, which came with `statusCode`.
    ///
    /// The report's values win; what it leaves out or sends as `null` (for example the date
    /// taken, for a report another client made) is kept from this file, as is ``fileURL``.
    /// A date taken that the report gives exactly as this file's was sent (to the
    /// millisecond) keeps this file's finer date, so a file stays equal to its reported copy.
    ///
    /// - Throws: ``QEDAPIError/unexpectedResponse(statusCode:description:)`` if the report has
    ///   no slug, hash or status.
    func updated(fromReport report: [String: Any], statusCode: Int) throws -> QEDFile {
        var fields: [String: Any] = dictionaryRepresentation()
        for (key, value) in report where !(value is NSNull) {
            fields[key] = value
        }
        guard let reported = QEDFile(fromQEDAPIResponseDict: fields, fileURL: fileURL) else {
            throw QEDAPIError.unexpectedResponse(statusCode: statusCode, description: "the report lacks its slug, hash or status")
        }
        var updated = merge(withFile: reported)
        let dateKey = QEDAPI.Attribute.dateTaken.rawValue
        let reportedDate = report[dateKey] as? String ?? (report["meta_data"] as? [String: Any])?[dateKey] as? String
        if reportedDate == nil || reportedDate == ISO8601Timestamp.string(from: dateTaken) {
            updated.dateTaken = dateTaken
        }
        return updated
    }
}
