import Foundation

extension NUXSession {
    // MARK: REST requests

    /// A `GET` request for the REST API's root, to build on.
    public func request() -> NUXRequest {
        NUXRequest(session: self)
    }

    /// A `GET` request for the document `documentRef`: `path/{path}` for a reference that
    /// starts with `/`, `id/{uid}` otherwise.
    public func requestDocument(_ documentRef: String) -> NUXRequest {
        request().addURLSegment(documentRef.hasPrefix("/") ? "path" : "id").addURLSegment(documentRef)
    }

    /// A `PUT id/{uid}` request that updates `document` with its fields and properties.
    ///
    /// - Throws: ``NUXError/missingEntityId`` if the document has no ``NUXDocument/uid``, or
    ///   the error encoding it.
    public func requestUpdateDocument(_ document: NUXDocument) throws -> NUXRequest {
        guard let uid = document.uid else { throw NUXError.missingEntityId }
        return try requestUpdateDocument(uid: uid, body: NUXJSONSerializer.data(with: document))
    }

    /// A `PUT id/{uid}` request that updates the document `document["uid"]` with the JSON
    /// `document`, such as `["entity-type": "document", "uid": uid, "properties": ["dc:description": "…"]]`;
    /// properties it leaves out are left as they are.
    ///
    /// - Throws: ``NUXError/missingEntityId`` if `document` has no `uid` string.
    public func requestUpdateDocument(_ document: [String: NUXJSONValue]) throws -> NUXRequest {
        guard let uid = document["uid"]?.stringValue else { throw NUXError.missingEntityId }
        return try requestUpdateDocument(uid: uid, body: NUXJSONValue.object(document).jsonData())
    }

    private func requestUpdateDocument(uid: String, body: Data) -> NUXRequest {
        let request = request().addURLSegment("id").addURLSegment(uid)
        request.method = "PUT"
        request.postData = body
        return request
    }

    /// A `POST` request that creates `document` as a child of `documentRef`; the server
    /// answers `201 Created` with the new document.
    ///
    /// - Throws: The error encoding the document.
    public func requestCreateDocument(_ document: NUXDocument, withParent documentRef: String) throws -> NUXRequest {
        requestCreateDocument(body: try NUXJSONSerializer.data(with: document), withParent: documentRef)
    }

    /// A `POST` request that creates the document the JSON `document` describes, such as
    /// `["entity-type": "document", "type": "Folder", "name": "reports", "properties": [:]]`,
    /// as a child of `documentRef`.
    ///
    /// - Throws: The error encoding the JSON.
    public func requestCreateDocument(_ document: [String: NUXJSONValue], withParent documentRef: String) throws -> NUXRequest {
        requestCreateDocument(body: try NUXJSONValue.object(document).jsonData(), withParent: documentRef)
    }

    private func requestCreateDocument(body: Data, withParent documentRef: String) -> NUXRequest {
        let request = requestDocument(documentRef)
        request.method = "POST"
        request.postData = body
        return request
    }

    /// A `DELETE` request for the document `documentRef`; the server answers
    /// `204 No Content`.
    public func requestDeleteDocument(_ documentRef: String) -> NUXRequest {
        let request = requestDocument(documentRef)
        request.method = "DELETE"
        return request
    }

    /// A request for the children of `documentRef` (`@children`), a paginable
    /// ``NUXDocuments``.
    public func requestChildren(_ documentRef: String) -> NUXRequest {
        requestDocument(documentRef).addAdaptor("children")
    }

    /// A request for the documents an NXQL query finds, a paginable ``NUXDocuments``:
    /// `query?query={query}` at the REST API's root. Add the `pageSize` and
    /// `currentPageIndex` parameters to page.
    ///
    /// The Objective-C SDK used the older `@search` adaptor, which gives the same answer.
    public func requestQuery(_ query: String) -> NUXRequest {
        request().addURLSegment("query").addParameterValue(query, forKey: "query")
    }

    /// A request for the blob of `documentRef` at the property `metadata`, such as
    /// `file:content` or `files:files/0/file` (`@blob/{xpath}`). Its body is the blob's
    /// bytes; set ``NUXRequest/downloadDestinationPath`` to stream them to a file.
    public func requestDownloadBlob(from documentRef: String, inMetadata metadata: String) -> NUXRequest {
        requestDocument(documentRef).addAdaptor("blob", withValue: metadata)
    }

    /// A request for the access control lists of `documentRef` (`@acl`).
    public func requestACL(_ documentRef: String) -> NUXRequest {
        requestDocument(documentRef).addAdaptor("acl")
    }

    // MARK: Automation requests

    /// A request that runs the automation operation `operationId`:
    /// `POST {api}/automation/{operationId}`.
    public func requestOperation(_ operationId: String) -> NUXAutomationRequest {
        let request = NUXAutomationRequest(session: self)
        request.addURLSegment("automation").addURLSegment(operationId)
        return request
    }

    /// A request that imports the file at `file` as a new document in `documentRef`
    /// (`FileManager.Import`): a `File` whose `file:content` is the file and whose title is
    /// its name.
    public func requestImportFile(_ file: String, withParent documentRef: String) -> NUXAutomationRequest {
        let request = requestOperation("FileManager.Import")
        request.addContextValue(.string(documentRef), forKey: "currentDocument")
        request.setInputFile(file)
        return request
    }

    /// A request for the parent of `documentRef` (`Document.GetParent`).
    public func requestParent(_ documentRef: String) -> NUXAutomationRequest {
        let request = requestOperation("Document.GetParent")
        request.input = "doc:" + documentRef
        return request
    }

    /// A request that moves `documentRef` into `targetRef` (`Document.Move`); the answer is
    /// the moved document (`-move:toTargetDocument:` in the Objective-C SDK).
    public func requestMove(_ documentRef: String, toTargetDocument targetRef: String) -> NUXAutomationRequest {
        let request = requestOperation("Document.Move")
        request.input = "doc:" + documentRef
        request.addParameterValue(targetRef, forKey: "target")
        return request
    }
}
