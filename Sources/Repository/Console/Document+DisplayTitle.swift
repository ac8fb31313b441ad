extension Document {
    /// The title the console shows: ``title``, or `Root` for the root, which has neither a
    /// title nor a name.
    var displayTitle: String {
        path == "/" && title.isEmpty ? "Root" : title
    }
}
