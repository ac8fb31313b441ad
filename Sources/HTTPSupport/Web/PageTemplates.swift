import Mustache

/// A module's HTML templates (Mustache files in its `Resources/` folder, compiled into the
/// binary), rendered with every value escaped.
///
/// `{{name}}` writes a value with `&`, `<`, `>`, `"` and `'` escaped, so a page cannot forget an
/// escape. The only unescaped form, `{{{name}}}`, is for HTML that another template rendered
/// (``PageSkeleton`` puts the page's `<main>` in with it). A context is a value whose stored
/// properties the template names; optionals, `false` and empty arrays skip a section.
///
/// Every module's templates can use the shared ones of HTTPSupport's resources by name:
/// `page` (``PageSkeleton``), and the partials `console-time` (a ``ConsoleTime``) and
/// `console-error-page` (a ``ConsoleErrorMessage``).
public struct PageTemplates: Sendable {
    private let library: MustacheLibrary

    /// The templates every module may use, by name, parsed once for all modules.
    static let shared = parse([
        "page": PackageResources.page_mustache,
        "console-time": PackageResources.console_time_mustache,
        "console-error-page": PackageResources.console_error_page_mustache,
    ])

    /// Parses `templates`, each a name and a file's UTF-8 bytes, and adds the ``shared`` ones.
    ///
    /// The templates are part of the program, so one that does not parse is a programming error
    /// and stops it, naming the template; each module's tests render all of its templates.
    public init(_ templates: [String: [UInt8]]) {
        let parsed = Self.parse(templates).merging(Self.shared) { _, _ in
            preconditionFailure("a module template has the name of a shared one")
        }
        library = MustacheLibrary(templates: parsed)
    }

    /// `templates` parsed, by name; stops the program at one that does not parse.
    private static func parse(_ templates: [String: [UInt8]]) -> [String: MustacheTemplate] {
        var parsed: [String: MustacheTemplate] = [:]
        for (name, bytes) in templates {
            do {
                parsed[name] = try MustacheTemplate(string: String(decoding: bytes, as: UTF8.self))
            } catch {
                preconditionFailure("the template \(name) does not parse: \(error)")
            }
        }
        return parsed
    }

    /// The template `name` rendered with `context`.
    public func render(_ name: String, _ context: Any) -> String {
        guard let html = library.render(context, withTemplate: name) else {
            preconditionFailure("there is no template \(name)")
        }
        return html
    }
}
