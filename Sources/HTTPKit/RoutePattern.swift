/// A route path such as `/api/v1/categories/{identifier}`: literal segments matched exactly against the
/// decoded path, and `{name}` segments that match any one non-empty segment.
struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
    /// One segment of the pattern.
    enum Segment: Sendable, Equatable {
        /// Must equal the decoded path segment.
        case literal(String)
        /// Captures one non-empty decoded path segment under this name.
        case parameter(String)
    }

    /// The pattern as written, for messages.
    let description: String
    /// The parsed segments; `/` has none.
    let segments: [Segment]

    /// Parses a pattern, rejecting ones that could never match or would capture ambiguously.
    init(_ pattern: String) throws(RouterBuildError) {
        guard pattern.hasPrefix("/") else {
            throw RouterBuildError("The route \"\(pattern)\" must start with \"/\".")
        }
        guard !pattern.contains("?") else {
            throw RouterBuildError("The route \"\(pattern)\" must not contain a query (\"?\").")
        }
        description = pattern
        let body = pattern.dropFirst()
        var segments: [Segment] = []
        var names: Set<String> = []
        if !body.isEmpty {
            for part in body.split(separator: "/", omittingEmptySubsequences: false) {
                if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                    let name = String(part.dropFirst().dropLast())
                    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        throw RouterBuildError(
                            "The parameter \"\(part)\" in \"\(pattern)\" has an invalid name.")
                    }
                    guard names.insert(name).inserted else {
                        throw RouterBuildError("The parameter \"\(name)\" appears twice in \"\(pattern)\".")
                    }
                    segments.append(.parameter(name))
                } else if part.contains("{") || part.contains("}") {
                    throw RouterBuildError(
                        "The segment \"\(part)\" in \"\(pattern)\" must be a whole {parameter} or plain text."
                    )
                } else {
                    segments.append(.literal(String(part)))
                }
            }
        }
        self.segments = segments
    }

    /// The pattern with parameter names erased: two patterns with the same shape match the same paths.
    var shape: String {
        "/" + segments.map { if case .literal(let text) = $0 { text } else { "{}" } }.joined(separator: "/")
    }

    /// Orders patterns so that, at the first segment where they differ, a literal comes before a
    /// parameter: `/notifications/new` is tried before `/notifications/{id}`.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }

    /// Whether `components` (decoded path segments) match, capturing nothing: for the lookups
    /// made before a handler runs (the route's role, the metrics label).
    func matches(_ components: [String]) -> Bool {
        guard components.count == segments.count else { return false }
        for (segment, component) in zip(segments, components) {
            switch segment {
            case .literal(let text):
                guard text == component else { return false }
            case .parameter:
                guard !component.isEmpty else { return false }
            }
        }
        return true
    }

    /// The captured parameters when `components` (decoded path segments) match, otherwise `nil`.
    func match(_ components: [String]) -> RouteParameters? {
        guard components.count == segments.count else { return nil }
        var captured: [(name: String, value: String)] = []
        for (segment, component) in zip(segments, components) {
            switch segment {
            case .literal(let text):
                guard text == component else { return nil }
            case .parameter(let name):
                guard !component.isEmpty else { return nil }
                captured.append((name, component))
            }
        }
        return RouteParameters(captured)
    }
}
