extension JSONDocument {
    /// The `JSONNode` tree of `element` and everything inside it, built from the flat nodes.
    ///
    /// The nodes are visited from the last to the first, so every container meets its children
    /// already built on a value stack: no recursion, whatever the depth.
    public func node(_ element: Element) -> JSONNode {
        let nodes = storage.nodes
        let last = element.index + nodes[element.index].extent
        var values: [JSONNode] = []
        var members: [JSONMember] = []
        var position = last
        while position >= element.index {
            let node = nodes[position]
            switch node.kind {
            case .null:
                values.append(JSONNode(.null, span: node.span))
            case .bool:
                values.append(JSONNode(.bool(node.flag), span: node.span))
            case .number:
                values.append(JSONNode(.number(number(at: position)), span: node.span))
            case .string:
                values.append(JSONNode(.string(text(ofKey: position)), span: node.span))
            case .key:
                let value = values.removeLast()
                members.append(JSONMember(key: text(ofKey: position), keySpan: node.span, value: value))
            case .array:
                let children = Array(values[(values.count - node.count)...].reversed())
                values.removeLast(node.count)
                values.append(JSONNode(.array(children), span: node.span))
            case .object:
                let children = Array(members[(members.count - node.count)...].reversed())
                members.removeLast(node.count)
                values.append(JSONNode(.object(children), span: node.span))
            }
            position -= 1
        }
        return values[0]
    }
}
