import Foundation
import NIOCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The few values Chancery reads from S3's XML answers: an upload id, an ETag, an error's
/// code and message, the keys of a listing.
///
/// Each element's texts are kept by name in document order, whatever its depth; a body that is not XML
/// (an empty one, a proxy's HTML page) has no values and no root element.
struct S3XMLAnswer {
    /// The name of the document's root element, such as `Error`.
    private(set) var rootElement: String?
    private var values: [String: [String]] = [:]

    /// Reads `body`.
    init(_ body: ByteBuffer) {
        let collector = Collector()
        let parser = XMLParser(data: Data(body.readableBytesView))
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else { return }
        rootElement = collector.root
        values = collector.values
    }

    /// The text of the first element named `name`, trimmed.
    func firstValue(of name: String) -> String? {
        values[name]?.first
    }

    /// The texts of every element named `name`, trimmed, in document order.
    func allValues(of name: String) -> [String] {
        values[name] ?? []
    }

    /// `text` with XML's special characters escaped, for an element's content.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Keeps the root's name and each element's text.
    private final class Collector: NSObject, XMLParserDelegate {
        var root: String?
        var values: [String: [String]] = [:]
        private var open: [(name: String, text: String)] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            if root == nil { root = name }
            open.append((name, ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = open.popLast() else { return }
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { values[element.name, default: []].append(text) }
        }
    }
}
