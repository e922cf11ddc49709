/// Every template of the dashboard, compiled once at start and rendered by name.
///
/// The library is an immutable value: build it once (``init(directory:missing:)`` reads every
/// `*.html` under the directory), share it between request threads, render with typed values.
/// All syntax errors and missing partials surface when it is built, so a server with a broken
/// template never starts.
///
/// ```swift
/// let templates = try TemplateLibrary(directory: "templates")
/// let html = try templates.render("index", in: "layout", with: ["title": "Overview"])
/// ```
public struct TemplateLibrary: Sendable {
    /// What `{{name}}` does when there is no value `name` (or it is a list or object).
    public enum Missing: Sendable, Equatable {
        /// Render nothing, as mustache does. Production pages use this, so an optional value
        /// (a subtitle that was not set) can simply be left out of the view model.
        case renderNothing
        /// Fail with ``TemplateError/Kind/unknownValue`` at the tag. Tests use this to prove a
        /// view model provides every name its template shows. Sections never fail: a missing
        /// section value is simply false, which pages rely on for optional parts.
        case error
    }

    /// The slot a layout shows the page in: the layout writes `{{@content}}`.
    public static let contentSlot = "content"

    /// The policy for missing values this library renders with.
    public let missing: Missing
    private let templates: [String: [TemplateNode]]
    /// Templates that contain `{{@content}}` and so can frame a page.
    private let layouts: Set<String>

    /// Compiles templates given as text, keyed by name (`"index"`, `"partials/nav"`).
    ///
    /// Errors name each template as `directoryName/name.html`, the file it would come from.
    public init(
        sources: [String: String],
        directoryName: String = "templates",
        missing: Missing = .renderNothing
    ) throws(TemplateError) {
        var parsed: [String: [TemplateNode]] = [:]
        for name in sources.keys.sorted() {
            let file = directoryName.isEmpty ? "\(name).html" : "\(directoryName)/\(name).html"
            parsed[name] = try TemplateParser.parse(sources[name] ?? "", file: file)
        }
        var resolver = PartialResolver(parsed: parsed)
        let templates = try resolver.resolveAll()
        self.templates = templates
        self.layouts = Set(templates.keys.filter { Self.containsContentSlot(templates[$0] ?? []) })
        self.missing = missing
    }

    /// The names of all templates, sorted: file paths relative to the directory, without `.html`.
    public var names: [String] {
        templates.keys.sorted()
    }

    /// Whether a template with this name was loaded.
    public func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// The HTML of template `name` with `values` as its outermost context.
    public func render(_ name: String, with values: TemplateValue = [:]) throws(TemplateError) -> String {
        try render(name, with: values, slots: [:])
    }

    /// The HTML of template `name` placed in the `{{@content}}` slot of template `layout`.
    ///
    /// Both see the same `values`, so the layout can show the page's `title` and mark the current
    /// navigation entry. The page's HTML is inserted by the engine, not as a value, which is why
    /// no value can ever carry raw HTML.
    public func render(
        _ name: String,
        in layout: String,
        with values: TemplateValue = [:]
    ) throws(TemplateError) -> String {
        guard layouts.contains(layout) || templates[layout] == nil else {
            throw TemplateError(
                .missingContentSlot, "layout '\(layout)' has no {{@content}} slot for the page")
        }
        let page = try render(name, with: values, slots: [:])
        return try render(layout, with: values, slots: [Self.contentSlot: page])
    }

    private static func containsContentSlot(_ nodes: [TemplateNode]) -> Bool {
        nodes.contains { node in
            switch node {
            case .slot(let name, _):
                return name == contentSlot
            case .section(_, _, let children):
                return containsContentSlot(children)
            default:
                return false
            }
        }
    }

    private func render(
        _ name: String,
        with values: TemplateValue,
        slots: [String: String]
    ) throws(TemplateError) -> String {
        guard let nodes = templates[name] else {
            throw TemplateError(.unknownTemplate, "no template named '\(name)'")
        }
        var renderer = TemplateRenderer(context: values, slots: slots, missing: missing)
        try renderer.render(nodes)
        return renderer.output
    }
}
