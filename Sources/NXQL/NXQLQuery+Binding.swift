extension NXQLQuery {
    /// The query with its parameters replaced by values: the `n`th `?` by `positional[n]`
    /// and each `:name` by `named[name]`. Page providers use this for their `queryParams`,
    /// passing each as `.string` (comparisons accept numeric and boolean strings).
    ///
    /// Throws when a parameter has no value or a value is itself a parameter. Extra
    /// positional values are ignored, as Nuxeo does.
    public func binding(positional: [NXQLValue], named: [String: NXQLValue] = [:]) throws(NXQLError) -> NXQLQuery {
        var bound = self
        if let predicate {
            bound.predicate = try predicate.binding(positional: positional, named: named)
        }
        return bound
    }
}

extension NXQLPredicate {
    /// The predicate with its parameters replaced; see ``NXQLQuery/binding(positional:named:)``.
    func binding(positional: [NXQLValue], named: [String: NXQLValue]) throws(NXQLError) -> NXQLPredicate {
        func bind(_ value: NXQLValue) throws(NXQLError) -> NXQLValue {
            try value.binding(positional: positional, named: named)
        }
        func bind(_ values: [NXQLValue]) throws(NXQLError) -> [NXQLValue] {
            var bound: [NXQLValue] = []
            for value in values { bound.append(try bind(value)) }
            return bound
        }
        func bind(_ predicates: [NXQLPredicate]) throws(NXQLError) -> [NXQLPredicate] {
            var bound: [NXQLPredicate] = []
            for predicate in predicates {
                bound.append(try predicate.binding(positional: positional, named: named))
            }
            return bound
        }
        switch self {
        case .and(let operands):
            return .and(try bind(operands))
        case .or(let operands):
            return .or(try bind(operands))
        case .not(let operand):
            return .not(try operand.binding(positional: positional, named: named))
        case .comparison(let property, let comparison, let value):
            return .comparison(property, comparison, try bind(value))
        case .inList(let property, let values, let negated):
            return .inList(property, try bind(values), negated: negated)
        case .between(let property, let low, let high, let negated):
            return .between(property, try bind(low), try bind(high), negated: negated)
        case .isNull:
            return self
        }
    }
}

extension NXQLValue {
    /// The value, or the value given for it when it is a parameter.
    func binding(positional: [NXQLValue], named: [String: NXQLValue]) throws(NXQLError) -> NXQLValue {
        let replacement: NXQLValue
        switch self {
        case .positionalParameter(let index):
            guard positional.indices.contains(index) else {
                throw NXQLError("no value for parameter \(index + 1) ('?'): \(positional.count) given", at: nil)
            }
            replacement = positional[index]
        case .namedParameter(let name):
            guard let value = named[name] else {
                throw NXQLError("no value for parameter \(NXQLError.quote(":" + name))", at: nil)
            }
            replacement = value
        default:
            return self
        }
        switch replacement {
        case .positionalParameter, .namedParameter:
            throw NXQLError("the value of a parameter must be a literal, not \(replacement)", at: nil)
        default:
            return replacement
        }
    }
}
