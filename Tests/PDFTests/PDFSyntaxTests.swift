import Testing

@testable import PDF

@Suite struct PDFSyntaxTests {
    /// The serialization of `object` as text.
    private func text(_ object: PDFObject) -> String {
        object.serializedText
    }

    @Test func literalStringsEscapeDelimitersAndBackslash() {
        #expect(text(.string(Array(#"a(b)c\d"#.utf8))) == #"(a\(b\)c\\d)"#)
    }

    @Test func literalStringsWriteBytesOutsidePrintableASCIIInOctal() {
        #expect(text(.string([0x00, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xE9, 0xFF])) == #"(\000\012\015\037\177\200\351\377)"#)
    }

    @Test(arguments: [
        (595.28, "595.28"), (841.89, "841.89"), (12, "12"), (-1.5, "-1.5"), (0.05, "0.05"),
        (0.1 + 0.2, "0.3"), (1.00004, "1.00004"), (2.00006, "2.00006"), (-0.00001, "-0.00001"), (0, "0"),
        (595.303937007874, "595.303937007874"), (1e-15, "0"),
        (1e12, "1000000000"), (-1e12, "-1000000000"), (.nan, "0"), (.infinity, "0"),
    ])
    func realsArePlainDecimalsPreciseEnoughToReadBackTheValue(value: Double, expected: String) {
        #expect(PDFObject.format(real: value) == expected)
    }

    @Test func namesEscapeDelimitersWhiteSpaceAndNonASCII() {
        #expect(text(.name("application/json")) == "/application#2Fjson")
        #expect(text(.name("A B#(x)")) == "/A#20B#23#28x#29")
        #expect(text(.name("é")) == "/#C3#A9")
    }

    @Test func compositeObjects() {
        let dictionary: PDFDictionary = [
            "Kids": .array([.reference(PDFReference(number: 3)), .integer(-2)]),
            "ID": .hexString([0x00, 0xAB, 0xFF]),
        ]
        #expect(text(.dictionary(dictionary)) == "<< /Kids [3 0 R -2] /ID <00ABFF> >>")
    }

    @Test func dictionaryKeepsOrderAndReplacesInPlace() {
        var dictionary: PDFDictionary = ["A": .integer(1), "B": .integer(2)]
        dictionary["A"] = .integer(3)
        dictionary["C"] = .integer(4)
        dictionary["B"] = nil
        #expect(dictionary.entries.map(\.key) == ["A", "C"])
        #expect(text(.dictionary(dictionary)) == "<< /A 3 /C 4 >>")
    }

    @Test func streamLengthIsTheDataLength() {
        var writer = PDFObjectWriter()
        let start = writer.bytes.count
        let reference = writer.add(PDFStream(dictionary: ["Type": .name("EmbeddedFile")], data: Array("ab\ncd".utf8)))
        let text = String(decoding: writer.bytes[start...], as: UTF8.self)
        #expect(reference.number == 1)
        #expect(text == "1 0 obj\n<< /Type /EmbeddedFile /Length 5 >>\nstream\nab\ncd\nendstream\nendobj\n")
    }
}
