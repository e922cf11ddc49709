/// The storage a reader reuses from one document to the next: the copy of the text, the node
/// buffer, the container stacks and the decoding scratch keep their capacity, so reading many
/// small documents in a row (`validate --jsonl`) allocates none of them again per document.
///
/// Reuse never changes a document: a document still alive when the next one is read shares its
/// buffers with this value, so the next read gets fresh ones (copy on write) and the kept
/// document stays exactly as it was read.
public struct JSONReadBuffers: Sendable {
    var bytes: [UInt8] = []
    var nodes: [JSONFlatNode] = []
    var stack: [JSONFrame] = []
    var scratch: [UInt8] = []

    /// Empty buffers; they grow to the largest document read with them.
    public init() {}
}

extension JSONParser {
    /// A parser over `bytes` that works in `buffers`' storage (emptied, capacity kept).
    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, reusing buffers: inout JSONReadBuffers) {
        self.init(bytes: bytes, maximumDepth: maximumDepth)
        swap(&nodes, &buffers.nodes)
        swap(&stack, &buffers.stack)
        swap(&scratch, &buffers.scratch)
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
    }

    /// Hands the storage back for the next document; the node buffer stays shared with the
    /// document just built until that document is released.
    func returnBuffers(to buffers: inout JSONReadBuffers) {
        buffers.nodes = nodes
        buffers.stack = stack
        buffers.scratch = scratch
    }
}
