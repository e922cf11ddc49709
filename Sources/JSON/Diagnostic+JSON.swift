extension Diagnostic {
    /// The diagnostic as a JSON object in CONTRACT §4 member order; `line` and `column` only
    /// when the fault has a place in the text.
    public var jsonValue: JSONValue {
        var object = JSONObjectBuilder()
        object.set("severity", severity.rawValue)
        object.set("code", code)
        object.set("path", path)
        object.set("message", message)
        object.set("line", line)
        object.set("column", column)
        return object.value
    }
}
