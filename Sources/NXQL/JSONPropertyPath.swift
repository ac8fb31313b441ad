/// Where a property's values are inside `d.properties`: the steps to the first list to
/// iterate, the steps inside each element to the next list, and so on.
///
/// `files:files/*/file/name` is `[["files:files"], ["file", "name"]]`; `dc:title` is
/// `[["dc:title"]]`. A property the schema declares as a list gets an implicit wildcard
/// right after its name when none is written, so `dc:subjects = 'a'` means
/// `dc:subjects/* = 'a'`.
struct JSONPropertyPath: Sendable, Hashable {
    /// One step inside a JSON value.
    enum Step: Sendable, Hashable {
        /// The member of an object with this name.
        case key(String)
        /// The element of an array at this position.
        case index(Int)
    }

    /// The steps between wildcards; one more segment than there are wildcards.
    let segments: [[Step]]

    /// Whether the only wildcard is the implicit one after a list property's name, so that
    /// `IS NULL` asks whether the list is empty.
    let isWholeList: Bool

    /// The path of `property`, a property of kind `kind`.
    init(property: NXQLProperty, kind: NXQLPropertyKind) {
        var segments: [[Step]] = [[.key(property.name)]]
        var steps = property.steps
        let hasImplicitWildcard: Bool
        switch (kind, steps.first) {
        case (.list, .anyElement?), (.list, .index?):
            hasImplicitWildcard = false
        case (.list, _):
            hasImplicitWildcard = true
            steps.insert(.anyElement, at: 0)
        default:
            hasImplicitWildcard = false
        }
        for step in steps {
            switch step {
            case .field(let name): segments[segments.count - 1].append(.key(name))
            case .index(let index): segments[segments.count - 1].append(.index(index))
            case .anyElement: segments.append([])
            }
        }
        self.segments = segments
        isWholeList = hasImplicitWildcard && property.steps.isEmpty
    }

    /// The steps of `property` taken literally, without wildcards; nil when it has one.
    /// ORDER BY uses this: it sorts by one value per document.
    static func steps(of property: NXQLProperty) -> [Step]? {
        var steps: [Step] = [.key(property.name)]
        for step in property.steps {
            switch step {
            case .field(let name): steps.append(.key(name))
            case .index(let index): steps.append(.index(index))
            case .anyElement: return nil
            }
        }
        return steps
    }
}
