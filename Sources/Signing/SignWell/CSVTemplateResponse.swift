import HTTPSupport
import Hummingbird

/// The blank bulk-send CSV of `GET /bulk_sends/csv_template?base64=true`: `{"data": <base64>}`.
struct CSVTemplateResponse: ResponseEncodable, Sendable {
    /// The CSV file, in base64.
    let data: String
}
