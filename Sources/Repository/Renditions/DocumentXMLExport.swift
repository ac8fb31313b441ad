import Foundation
import JSON

/// A document in Nuxeo's XML export format: a `document` element with the repository and id,
/// a `system` part (type, path without its leading slash, lifecycle, facets, local access
/// control) and a `schema` element per schema holding the properties, each file property as
/// its name, MIME type, encoding, digest, length and `data`, the name the file has in a ZIP
/// export (``fileName(of:)``).
struct DocumentXMLExport {
    /// The document.
    let document: Document
    /// Its schemas.
    let schemas: [Schema]
    /// Its facets.
    let facets: [String]
    /// Its own access control entries.
    let localACL: [AccessControlEntry]

    /// The export, UTF-8 encoded.
    var bytes: [UInt8] {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<document repository="\#(Self.escaped(Repository.name))" id="\#(Self.escaped(document.id))">"# + "\n"
        xml += "  <system>\n"
        xml += "    <type>\(Self.escaped(document.type))</type>\n"
        xml += "    <path>\(Self.escaped(String(document.path.drop { $0 == "/" })))</path>\n"
        if let state = document.state {
            xml += "    <lifecyclePolicy>default</lifecyclePolicy>\n    <lifecycleState>\(Self.escaped(state))</lifecycleState>\n"
        }
        for facet in facets { xml += "    <facet>\(Self.escaped(facet))</facet>\n" }
        if !localACL.isEmpty {
            xml += "    <access-control>\n      <acl name=\"local\">\n"
            for entry in localACL {
                xml +=
                    #"        <entry principal="\#(Self.escaped(entry.principal))" permission="\#(Self.escaped(entry.permission))" grant="\#(entry.isGranted)"/>"#
                    + "\n"
            }
            xml += "      </acl>\n    </access-control>\n"
        }
        xml += "  </system>\n"
        for schema in schemas.sorted(by: { $0.name < $1.name }) {
            let prefix = Self.escaped(schema.prefix)
            xml +=
                #"  <schema xmlns:\#(prefix)="http://www.nuxeo.org/ecm/schemas/\#(Self.escaped(schema.name))/" name="\#(Self.escaped(schema.name))">"#
                + "\n"
            for field in schema.fields.keys.sorted() {
                let key = schema.key(of: field)
                xml += Self.element(key, document.properties[key] ?? .null, indent: "    ")
            }
            xml += "  </schema>\n"
        }
        xml += "</document>\n"
        return Array(xml.utf8)
    }

    /// The name of `blob`'s bytes in a ZIP export: its digest.
    static func fileName(of blob: BlobInfo) -> String {
        "\(blob.digest).blob"
    }

    /// The element `name` holding `value`, indented by `indent`: a file as its fields, an
    /// object as an element per field, a list as `item` elements, a scalar as text.
    private static func element(_ name: String, _ value: JSONValue, indent: String) -> String {
        let tag = escaped(name)
        if let blob = BlobInfo(value) {
            let fields = [
                ("encoding", blob.encoding ?? ""), ("mime-type", blob.mimeType), ("filename", blob.name),
                ("data", fileName(of: blob)), ("digest", blob.digest), ("length", String(blob.length)),
            ]
            let inner = fields.map { "\(indent)  <\($0.0)>\(escaped($0.1))</\($0.0)>\n" }.joined()
            return "\(indent)<\(tag)>\n\(inner)\(indent)</\(tag)>\n"
        }
        switch value {
        case .null:
            return "\(indent)<\(tag)/>\n"
        case .object(let fields):
            let inner = fields.keys.sorted().map { element($0, fields[$0] ?? .null, indent: indent + "  ") }.joined()
            return "\(indent)<\(tag)>\n\(inner)\(indent)</\(tag)>\n"
        case .array(let items):
            let inner = items.map { element("item", $0, indent: indent + "  ") }.joined()
            return "\(indent)<\(tag)>\n\(inner)\(indent)</\(tag)>\n"
        case .string(let text):
            return "\(indent)<\(tag)>\(escaped(text))</\(tag)>\n"
        case .bool(let flag):
            return "\(indent)<\(tag)>\(flag)</\(tag)>\n"
        case .integer(let number):
            return "\(indent)<\(tag)>\(number)</\(tag)>\n"
        case .number(let number):
            return "\(indent)<\(tag)>\(number)</\(tag)>\n"
        }
    }

    /// `text` as XML character data and attribute values: `&`, `<`, `>`, `"` and `'` written as
    /// character references, without the control characters XML 1.0 cannot hold.
    private static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
