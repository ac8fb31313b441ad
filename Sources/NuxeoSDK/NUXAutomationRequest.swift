import Foundation
import Locking

/// A request that runs an automation operation, such as `Document.Create` or
/// `FileManager.Import`: `POST {api}/automation/{operationId}`.
///
/// The request's parameters (``NUXRequest/addParameterValue(_:forKey:)``) are the
/// operation's `params`, the context values its `context`, and the input its `input`: a
/// document reference such as `doc:/default-domain/workspaces` (``input``), or a file
/// (``setInputFile(_:mimeType:)``).
///
/// Without an input file the body is the JSON `{"params":…,"context":…,"input":…}`, sent as
/// `application/json+nxrequest`. With one it is `multipart/form-data`: the part `params`
/// holds `{"params":…,"context":…}` and the part `input` the file, streamed from disk.
///
/// ```swift
/// let request = session.requestOperation("Document.Create")
/// request.input = "doc:/default-domain/workspaces"
/// request.addParameterValue("Folder", forKey: "type").addParameterValue("reports", forKey: "name")
/// let folder = try await request.response().entity(as: NUXDocument.self)
/// ```
public final class NUXAutomationRequest: NUXRequest, @unchecked Sendable {
    // @unchecked: as NUXRequest; the added mutable state is inside `automation`, a LockedValue.

    private struct Automation {
        var context: [String: NUXJSONValue] = [:]
        var input: String?
        var fileInput: String?
        var fileInputMimeType = "application/octet-stream"
    }

    private let automation = LockedValue(Automation())

    /// A `POST` request for the REST API's root of `session`, with the automation content type;
    /// ``NUXSession/requestOperation(_:)`` adds the operation's path.
    public override init(session: NUXSession) {
        super.init(session: session)
        method = "POST"
        contentType = "application/json+nxrequest"
    }

    /// The operation's context, such as `currentDocument`.
    public var context: [String: NUXJSONValue] {
        automation.current.context
    }

    /// Sets the context value `key`, such as `currentDocument` for `FileManager.Import`.
    public func addContextValue(_ value: NUXJSONValue, forKey key: String) {
        automation.withLock { $0.context[key] = value }
    }

    /// The operation's input, when it is not a file: a document reference such as
    /// `doc:/default-domain` or `doc:{uid}`, or a list `docs:{ref1},{ref2}`.
    public var input: String? {
        get { automation.current.input }
        set { automation.withLock { $0.input = newValue } }
    }

    /// The path of the file sent as the operation's input, if any.
    public var fileInput: String? {
        automation.current.fileInput
    }

    /// Sends the file at `path` as the operation's input, with its name and `mimeType`
    /// (`application/octet-stream` lets the server tell the type from the name).
    public func setInputFile(_ path: String, mimeType: String = "application/octet-stream") {
        automation.withLock {
            $0.fileInput = path
            $0.fileInputMimeType = mimeType
        }
    }

    /// The operation's URL, without query, and the JSON or multipart body.
    override func makeTransfer() throws -> Transfer {
        let automation = automation.current
        let parameters = parameters.mapValues(NUXJSONValue.string)
        var request: [String: NUXJSONValue] = ["params": .object(parameters), "context": .object(automation.context)]
        guard let fileInput = automation.fileInput else {
            if let input = automation.input {
                request["input"] = .string(input)
            }
            return Transfer(url: url, body: .data(try NUXJSONValue.object(request).jsonData()), contentType: contentType)
        }
        let file = URL(fileURLWithPath: fileInput)
        let form = MultipartFormData()
        let body = try form.write([
            .data(name: "params", contentType: "application/json", try NUXJSONValue.object(request).jsonData()),
            .file(name: "input", filename: file.lastPathComponent, contentType: automation.fileInputMimeType, file),
        ])
        return Transfer(url: url, body: .file(body, isTemporary: true), contentType: form.contentType)
    }
}
