/// The document counts of one bulk send, as ``BulkSendStore/counts(of:)`` selects them, its
/// coding keys the selected column names.
struct BulkSendCountsRow: Decodable, Sendable {
    /// The bulk send's id.
    let id: String
    /// Its documents.
    let documents: Int
    /// Those of them completed; `nil` when the database sums no rows.
    let completed: Int?

    /// The counts the row holds.
    var counts: BulkSendStore.Counts {
        BulkSendStore.Counts(documents: documents, completed: completed ?? 0)
    }
}
