import Foundation

extension QEDFile {
    /// This file updated from the server's `report` of it, which came with `statusCode`.
    ///
    /// The report's values win; what it leaves out or sends as `null` (for example the date
    /// taken, for a report another client made) is kept from this file, as is ``fileURL``.
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
        return merge(withFile: reported)
    }
}
