/// Where the bytes of a file given to ``DocumentIntake`` come from, as a SignWell
/// create-document request names them: `files[].file_base64` or `files[].file_url`.
public enum FileSource: Sendable, Hashable {
    /// The file's bytes in base64: the standard or the URL-safe alphabet, with or without
    /// padding and line breaks, optionally as a `data:…;base64,` URL.
    case base64(String)
    /// An `http` or `https` URL the server downloads the file from, under the guards of
    /// ``IntakePolicy`` (no private networks, a size and a time limit, few redirects).
    case url(String)
}
