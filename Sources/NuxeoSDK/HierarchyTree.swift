/// A document placed in a hierarchy: under which node, and how deep.
struct HierarchyNode: Sendable {
    /// The document.
    var document: NUXDocument
    /// The `uid` of the node it is under; `nil` for a child of the root.
    var parentId: String?
    /// The path of the node it is under; `nil` for a child of the root.
    var parentPath: String?
    /// How many nodes it is under: 0 for a child of the root.
    var depth: Int
}

/// Builds the tree of a hierarchy from the documents a query found.
///
/// Each document goes under the deepest of the other documents whose path is above its own
/// (`/a` is above `/a/b/c`); a document under none of them is a child of the root, even when
/// its real parent is missing from the list. The documents are sorted by path followed by `/`,
/// byte by byte, so that a document comes right before everything under it (sorting by the
/// bare path would put `/a-b` between `/a` and `/a/c`); then one pass with a stack of the
/// current branch places each one.
enum HierarchyTree {
    /// The nodes for `documents`, parents before children and siblings by path.
    ///
    /// Documents without `uid` or `path`, the repository root (`/`, which is the tree's root
    /// itself) and repeated documents are left out.
    static func nodes(from documents: [NUXDocument]) -> [HierarchyNode] {
        var seen = Set<String>()
        let sorted =
            documents
            .filter { document in
                guard let uid = document.uid, let path = document.path, path != "/" else { return false }
                return seen.insert(uid).inserted
            }
            .map { (key: Array(($0.path! + "/").utf8), document: $0) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var branch: [(key: [UInt8], document: NUXDocument)] = []
        var nodes: [HierarchyNode] = []
        for entry in sorted {
            while let parent = branch.last, !entry.key.starts(with: parent.key) {
                branch.removeLast()
            }
            let parent = branch.last?.document
            nodes.append(HierarchyNode(document: entry.document, parentId: parent?.uid, parentPath: parent?.path, depth: branch.count))
            branch.append(entry)
        }
        return nodes
    }
}
