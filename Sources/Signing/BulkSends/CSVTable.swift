/// The records of a CSV file as RFC 4180 writes them: cells separated by commas, records by
/// line breaks (CRLF, LF or CR), cells that hold commas, quotes or line breaks in double
/// quotes, with each quote inside doubled. A UTF-8 byte order mark at the start is skipped, as
/// spreadsheet programs write one; the last record may or may not end with a line break.
///
/// Reading is strict where leniency would guess: a quote inside an unquoted cell, text after
/// the closing quote of a cell and a quoted cell that never ends are errors naming their line.
///
/// ```swift
/// let table = try CSVTable(Array("name,email\r\n\"Doe, Jane\",jane@example.com\r\n".utf8))
/// table.records[1].cells // ["Doe, Jane", "jane@example.com"]
/// ```
struct CSVTable: Sendable, Equatable {
    /// One record and the line it starts on, counted from 1.
    struct Record: Sendable, Equatable {
        var line: Int
        var cells: [String]
    }

    /// Why bytes are not a CSV table this reader takes.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        /// The line the problem is on, counted from 1; `nil` for the file as a whole.
        var line: Int?
        /// What is wrong.
        var reason: String

        var description: String { line.map { "line \($0): \(reason)" } ?? reason }
    }

    /// The records, in order, the header included.
    var records: [Record]

    /// The most records a table may have.
    static let maximumRecords = 10_000
    /// The most characters one cell may have.
    static let maximumCellLength = 10_000

    /// A table of `records`.
    init(records: [Record]) {
        self.records = records
    }

    /// Reads `bytes`, which must be UTF-8.
    ///
    /// - Throws: ``Malformed``.
    init(_ bytes: [UInt8]) throws {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw Malformed(line: nil, reason: "the file is not UTF-8 text; save the CSV as UTF-8")
        }
        records = try Self.records(of: Array(text.unicodeScalars))
    }

    private static func records(of scalars: [Unicode.Scalar]) throws -> [Record] {
        var records: [Record] = []
        var cells: [String] = []
        var cell = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteClosed = false
        var index = 0

        func endCell() throws {
            guard cell.count <= maximumCellLength else {
                throw Malformed(line: line, reason: "a cell is longer than \(maximumCellLength) characters")
            }
            cells.append(String(cell))
            cell = String.UnicodeScalarView()
            quoteClosed = false
        }
        func endRecord() throws {
            try endCell()
            records.append(Record(line: recordLine, cells: cells))
            cells = []
            guard records.count <= maximumRecords else {
                throw Malformed(line: nil, reason: "the file has more than \(maximumRecords) rows")
            }
        }

        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            let isLineBreak = scalar == "\r" || scalar == "\n"
            let isCRLF = scalar == "\r" && index < scalars.count && scalars[index] == "\n"
            if isCRLF { index += 1 }
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        cell.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                        quoteClosed = true
                    }
                    continue
                }
                if isLineBreak { line += 1 }
                cell.append(scalar)
                if isCRLF { cell.append("\n") }
                continue
            }
            switch scalar {
            case ",":
                try endCell()
            case "\r", "\n":
                try endRecord()
                line += 1
                recordLine = line
            case "\"":
                guard cell.isEmpty, !quoteClosed else {
                    throw Malformed(
                        line: line, reason: "a quote inside a cell that does not start with one; quote the whole cell and double the quote")
                }
                inQuotes = true
            default:
                guard !quoteClosed else {
                    throw Malformed(
                        line: line,
                        reason: "text after the closing quote of a cell; a cell's closing quote must be followed by a comma or a line break")
                }
                cell.append(scalar)
            }
        }
        if inQuotes {
            throw Malformed(line: recordLine, reason: "a quoted cell is never closed")
        }
        if !cells.isEmpty || !cell.isEmpty || quoteClosed {
            try endRecord()
        }
        return records
    }
}
