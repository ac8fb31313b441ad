import Foundation
import HTTPSupport
import HTTPTypes
import Testing

@testable import Signing

/// ``CSVTable``: RFC 4180 records, the quirks of real files, and the errors that name a line;
/// and ``BulkSendSheet/columnName(_:)``, which folds header cells.
@Suite struct CSVTableTests {
    static func cells(_ text: String) throws -> [[String]] {
        try CSVTable(Array(text.utf8)).records.map(\.cells)
    }

    static func malformed(_ bytes: [UInt8]) -> CSVTable.Malformed? {
        do {
            _ = try CSVTable(bytes)
            return nil
        } catch {
            return error as? CSVTable.Malformed
        }
    }

    @Test func plainRecordsWithAndWithoutAFinalLineBreak() throws {
        #expect(try Self.cells("a,b,c\r\n1,2,3\r\n") == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try Self.cells("a,b,c\n1,2,3") == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try Self.cells("a,b\r1,2\r") == [["a", "b"], ["1", "2"]])
        #expect(try Self.cells("") == [])
    }

    @Test func emptyCellsAndBlankLinesAreKept() throws {
        #expect(try Self.cells("a,,c\n,,\n\nx") == [["a", "", "c"], ["", "", ""], [""], ["x"]])
        #expect(try Self.cells("a,b,\n") == [["a", "b", ""]])
    }

    @Test func quotedCellsHoldCommasQuotesAndLineBreaks() throws {
        #expect(try Self.cells("\"Doe, Jane\",\"say \"\"hi\"\"\"\r\n") == [["Doe, Jane", "say \"hi\""]])
        #expect(try Self.cells("\"line 1\r\nline 2\",b\r\nnext,row") == [["line 1\r\nline 2", "b"], ["next", "row"]])
        #expect(try Self.cells("\"\",\"\"") == [["", ""]])
        #expect(try Self.cells("\"\"\"\"") == [["\""]])
        #expect(try Self.cells("é,日本語,\"ü\"") == [["é", "日本語", "ü"]])
    }

    @Test func recordsKnowTheLineTheyStartOn() throws {
        let table = try CSVTable(Array("h1,h2\n\"two\nlines\",x\nlast,y\n".utf8))
        #expect(table.records.map(\.line) == [1, 2, 4])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let table = try CSVTable([0xEF, 0xBB, 0xBF] + Array("name,email\r\n".utf8))
        #expect(table.records.map(\.cells) == [["name", "email"]])
    }

    @Test func malformedFilesNameTheirLine() {
        #expect(Self.malformed(Array("a,b\n\"open,c\nd".utf8)) == CSVTable.Malformed(line: 2, reason: "a quoted cell is never closed"))
        #expect(Self.malformed(Array("a,b\nx\"y,c".utf8))?.line == 2)
        #expect(Self.malformed(Array("a,b\nx\"y,c".utf8))?.reason.contains("quote inside a cell") == true)
        #expect(Self.malformed(Array("a\n\"b\"c".utf8))?.reason.contains("after the closing quote") == true)
        #expect(Self.malformed(Array("a\n\"b\" ,c".utf8))?.line == 2)
        #expect(Self.malformed([0x61, 0x2C, 0xFF, 0xFE])?.description == "the file is not UTF-8 text; save the CSV as UTF-8")
    }

    @Test func tablesHaveLimits() {
        let rows = String(repeating: "x\n", count: CSVTable.maximumRecords + 1)
        #expect(Self.malformed(Array(rows.utf8))?.reason.contains("more than \(CSVTable.maximumRecords) rows") == true)
        let cell = String(repeating: "x", count: CSVTable.maximumCellLength + 1)
        #expect(Self.malformed(Array(cell.utf8))?.reason.contains("longer than") == true)
    }

    @Test func headerCellsFoldToSignWellColumnNames() {
        // The header of SignWell's own validate_csv example, cell by cell.
        let headers = [
            "Document Sender Email", "Document Sender Name", "/\\Document- Sender =Label", "@Recipient_ Email",
            "Recipient *Name", "`Recipient~!@#$%^&*(){}[]<>.? Label`",
        ]
        #expect(
            headers.map(BulkSendSheet.columnName) == [
                "document_sender_email", "document_sender_name", "document_sender_label", "recipient_email", "recipient_name", "recipient_label",
            ])
        #expect(BulkSendSheet.columnName("Éric Müller") == "éric_müller")
        #expect(BulkSendSheet.columnName("***") == "")
    }
}
