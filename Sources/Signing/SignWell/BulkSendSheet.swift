import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import JSON

/// SignWell's bulk-send CSV for some templates: a header row, then one row per document.
///
/// The columns are named as SignWell names them, in lowercase words joined by `_`:
/// - for each placeholder, `<placeholder>_email` and `<placeholder>_name` (for "Client":
///   `client_email`, `client_name`);
/// - for each field a sender may fill in advance (text, undated-by-signing date, checkbox,
///   select, dropdown) with a label or an `api_id`, `<placeholder>_<label or api_id>` (for a
///   "Client" field labelled "Address": `client_address`). Fields whose names coincide share
///   the column; a field named like its placeholder's email or name column gets none.
///
/// Header cells are folded the same way before they are matched, so `"Client Email"`,
/// `client_email` and `@Client_ Email` are one column; columns may come in any order, and
/// the columns of placeholders without fields or with a preassigned person may be left out.
/// An unknown column is an error rather than silently ignored data.
///
/// In each row, a placeholder with fields needs an email unless it has a preassigned person
/// (whom an email in the row replaces); one without fields and without an email in the row
/// takes no part. A blank name is the email. Blank field cells leave fields as the template
/// has them. Rows whose cells are all blank are skipped.
struct BulkSendSheet: Sendable {
    /// What a column holds.
    enum Role: Sendable, Equatable {
        /// The email of the placeholder with this key.
        case email(String)
        /// The name of the placeholder with this key.
        case name(String)
        /// The value of these fields (indices in ``CombinedTemplates/fields``).
        case fields([Int])
    }

    /// A column: its name and what it holds.
    struct Column: Sendable, Equatable {
        var name: String
        var role: Role
    }

    /// A row that makes a document.
    struct Row: Sendable {
        /// The row, counted from 1 with the header as row 1.
        var number: Int
        /// The recipients by placeholder key, with ids `"1"`, `"2"`, … in placeholder order.
        var recipients: [String: DocumentRequest.Recipient]
        /// Preset values by index in ``CombinedTemplates/fields``.
        var values: [Int: JSONValue]
    }

    /// A row that cannot make a document.
    struct RowError: Sendable, Equatable {
        /// The row, counted from 1 with the header as row 1.
        var number: Int
        /// The row's cells by column name.
        var data: [String: String]
        /// What is wrong with it.
        var errors: [String]
    }

    /// The templates the rows make documents from.
    let combined: CombinedTemplates
    /// The columns, in the order of the CSV template.
    let columns: [Column]

    /// The most rows (documents) one bulk send makes.
    static let maximumRows = 500

    /// The sheet of `combined`.
    init(_ combined: CombinedTemplates) {
        self.combined = combined
        var columns: [Column] = []
        for placeholder in combined.placeholders {
            let base = Self.columnName(placeholder.name)
            columns.append(Column(name: base + "_email", role: .email(placeholder.key)))
            columns.append(Column(name: base + "_name", role: .name(placeholder.key)))
        }
        var fieldColumns: [Column] = []
        for (index, combinedField) in combined.fields.enumerated() where Self.takesPreset(combinedField.field) {
            guard
                let label = [combinedField.field.label, combinedField.field.apiID].compactMap({ $0 }).first(where: { !Self.columnName($0).isEmpty })
            else { continue }
            let name = Self.columnName(combinedField.placeholderName) + "_" + Self.columnName(label)
            guard !columns.contains(where: { $0.name == name }) else { continue }
            if let existing = fieldColumns.firstIndex(where: { $0.name == name }), case .fields(let indices) = fieldColumns[existing].role {
                fieldColumns[existing].role = .fields(indices + [index])
            } else {
                fieldColumns.append(Column(name: name, role: .fields([index])))
            }
        }
        self.columns = columns + fieldColumns
    }

    /// `text` as a column name: lowercase letters and digits, each run of anything else one
    /// `_`, none at either end.
    static func columnName(_ text: String) -> String {
        var name = ""
        var separated = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if separated && !name.isEmpty { name.append("_") }
                separated = false
                name.append(character)
            } else {
                separated = true
            }
        }
        return name
    }

    /// Whether a sender may fill `field` in advance.
    private static func takesPreset(_ field: DocumentField) -> Bool {
        switch field.type {
        case .text, .checkbox, .select, .dropdown: return true
        case .date: return !field.lockSignDate
        default: return false
        }
    }

    /// The blank CSV to fill in: the header row.
    var csvTemplate: String {
        columns.map(\.name).joined(separator: ",") + "\r\n"
    }

    /// The documents `table` asks for, and its rows that cannot make one.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 `{"errors": {"bulk_send_csv": [...]}}` when the
    ///   table as a whole is unusable: no header, unknown or repeated columns, a missing email
    ///   column, no rows or too many.
    func read(_ table: CSVTable) throws -> (rows: [Row], errors: [RowError]) {
        guard let header = table.records.first, header.cells.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw Self.unusable(["is empty: it needs a header row naming its columns, then one row per document"])
        }
        var problems: [String] = []
        var mapped: [(position: Int, column: Column)] = []
        var unknown: [String] = []
        for (position, cell) in header.cells.enumerated() {
            let name = Self.columnName(cell)
            if name.isEmpty { continue }
            guard let column = columns.first(where: { $0.name == name }) else {
                unknown.append(cell)
                continue
            }
            if mapped.contains(where: { $0.column.name == name }) {
                problems.append("has the column \(name) twice")
            }
            mapped.append((position, column))
        }
        if !unknown.isEmpty {
            problems.append(
                "has unknown columns: \(unknown.joined(separator: ", ")) (the columns of these templates are: \(columns.map(\.name).joined(separator: ", ")))"
            )
        }
        for placeholder in combined.placeholders where placeholder.hasFields && placeholder.preassignedEmail == nil {
            if !mapped.contains(where: { $0.column.role == .email(placeholder.key) }) {
                problems.append("has no column \(Self.columnName(placeholder.name))_email for placeholder \(placeholder.name), which has fields")
            }
        }
        if combined.fields.isEmpty {
            problems.append("cannot be sent: the templates have no fields for anyone to sign")
        }
        let records = table.records.enumerated().dropFirst().filter { _, record in
            record.cells.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        if records.isEmpty {
            problems.append("has no rows: add one row per document under the header")
        } else if records.count > Self.maximumRows {
            problems.append("has \(records.count) rows; a bulk send makes at most \(Self.maximumRows) documents")
        }
        guard problems.isEmpty else { throw Self.unusable(problems) }
        var rows: [Row] = []
        var errors: [RowError] = []
        for (index, record) in records {
            let number = index + 1
            var data: [String: String] = [:]
            for (position, column) in mapped {
                data[column.name] = record.cells.indices.contains(position) ? record.cells[position] : ""
            }
            var problems: [String] = []
            if record.cells.count > header.cells.count {
                problems.append("The row has \(record.cells.count) cells but the header has \(header.cells.count).")
            }
            let row = self.row(number: number, data: data, problems: &problems)
            if problems.isEmpty {
                rows.append(row)
            } else {
                errors.append(RowError(number: number, data: data, errors: problems))
            }
        }
        return (rows, errors)
    }

    /// The document of one row, whose cells are `data`; what is wrong with it goes to `problems`.
    private func row(number: Int, data: [String: String], problems: inout [String]) -> Row {
        func cell(_ name: String) -> String { data[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }
        var recipients: [String: DocumentRequest.Recipient] = [:]
        for placeholder in combined.placeholders {
            let base = Self.columnName(placeholder.name)
            let email = cell(base + "_email")
            let name = cell(base + "_name")
            guard !email.isEmpty else {
                if placeholder.preassignedEmail != nil { continue }
                if placeholder.hasFields {
                    problems.append("The column \(base)_email needs the email of the \(placeholder.name).")
                } else if !name.isEmpty {
                    problems.append("The column \(base)_email needs an email, since \(base)_name has a name.")
                }
                continue
            }
            guard EmailAddress.isPlausible(email), email.count <= 255 else {
                problems.append("The column \(base)_email has an invalid email address: \(email).")
                continue
            }
            guard name.count <= 255 else {
                problems.append("The column \(base)_name is longer than 255 characters.")
                continue
            }
            let id = String(recipients.count + 1)
            recipients[placeholder.key] = DocumentRequest.Recipient(
                id: id, name: name.isEmpty ? email : name, email: email, subject: nil, message: nil, passcode: nil,
                sendEmail: false, sendEmailDelay: 0
            )
        }
        var values: [Int: JSONValue] = [:]
        for column in columns {
            guard case .fields(let indices) = column.role else { continue }
            let text = cell(column.name)
            guard !text.isEmpty else { continue }
            for index in indices {
                switch FieldPreset.value(.string(text), for: combined.fields[index].field) {
                case .success(let value): values[index] = value
                case .failure(let refusal):
                    let problem = "The column \(column.name) \(refusal.message)."
                    if !problems.contains(problem) { problems.append(problem) }
                }
            }
        }
        return Row(number: number, recipients: recipients, values: values)
    }

    /// The 422 for a CSV file that cannot be used at all.
    private static func unusable(_ problems: [String]) -> APIError {
        APIError(.unprocessableContent, "The bulk send CSV cannot be used.", fieldErrors: ["bulk_send_csv": problems])
    }
}
