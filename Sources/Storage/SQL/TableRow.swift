/// A row of a table, decoded by column name (sql-kit's `all(decoding:)`, `first(decoding:)`):
/// its coding keys are the columns, declared once.
///
/// ```swift
/// struct HookRow: TableRow {
///     enum CodingKeys: String, CodingKey, CaseIterable {
///         case id
///         case callbackURL = "callback_url"
///     }
///     let id: String
///     let callbackURL: String
/// }
/// let hooks = try await sql.select().columns(HookRow.columns).from("hooks").all(decoding: HookRow.self)
/// ```
public protocol TableRow: Decodable {
    /// The columns, one case each, named as in the table.
    associatedtype CodingKeys: CodingKey & CaseIterable & RawRepresentable<String>
}

extension TableRow {
    /// The columns of a row, in the order of ``CodingKeys``: what the queries select, and what
    /// the inserts whose values follow that order fill.
    public static var columns: [String] { CodingKeys.allCases.map(\.rawValue) }
}
