import CMicroHTTPD
import HTTPKit

// The C callbacks libmicrohttpd calls on its worker threads. They are file-scope functions, never
// closures in top-level code (which would be main-actor isolated and trap on a worker thread). Each
// one turns its raw context pointers back into the Swift objects retained for it and does nothing else
// that could outlive the call.

/// First callback of every request: retains the request's context, released in `requestCompleted`.
func logURI(
    _ workerPointer: UnsafeMutableRawPointer?,
    _ uri: UnsafePointer<CChar>?,
    _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let workerPointer else { return nil }
    let server = Unmanaged<WorkerContext>.fromOpaque(workerPointer).takeUnretainedValue().server
    let target = uri.map(requestTarget(_:)) ?? ""
    let context = RequestContext(target: target, bodyLimit: server.bodyLimit, budget: server.bodyBudget)
    // Checked here, before libmicrohttpd cuts the query off the target in place.
    context.lineRefusal = uri.map(RequestLine.targetRefusal(_:)) ?? RequestLine.missingTarget
    server.liveRequests.add(1, ordering: .relaxed)
    return Unmanaged.passRetained(context).toOpaque()  // Released in requestCompleted.
}

/// The request target as text. Raw bytes outside ASCII are percent-encoded rather than repaired
/// into U+FFFD, so `Request` decodes them once like any `%XX` and refuses invalid UTF-8 with 400
/// instead of routing a different, repaired path.
func requestTarget(_ uri: UnsafePointer<CChar>) -> String {
    let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(uri).assumingMemoryBound(to: UInt8.self), count: strlen(uri))
    guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(bytes.count * 3)
    for byte in bytes {
        if byte < 0x80 {
            encoded.append(byte)
        } else {
            encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: encoded, as: UTF8.self)
}

/// Called when a request ends for any reason (answered, client gone, timeout): releases its context.
func requestCompleted(
    _ workerPointer: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ reason: MHD_RequestTerminationCode
) {
    guard let workerPointer, let requestPointer, let context = requestPointer.pointee else { return }
    let request = Unmanaged<RequestContext>.fromOpaque(context)
    request.takeUnretainedValue().machine.giveBackBody()
    request.release()  // Retained in logURI.
    requestPointer.pointee = nil
    let server = Unmanaged<WorkerContext>.fromOpaque(workerPointer).takeUnretainedValue().server
    server.liveRequests.subtract(1, ordering: .relaxed)
    if let connection, let entry = openConnection(connection) { server.connections.requestCompleted(entry) }
}

/// The access handler: called with the headers, with each body chunk, and once more at the end.
/// While it runs, its worker counts as busy, and the acceptor hands new connections to others.
func handleAccess(
    _ workerPointer: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let workerPointer, let connection, let uploadDataSize,
        let contextPointer = requestPointer?.pointee
    else { return .NO }
    let worker = Unmanaged<WorkerContext>.fromOpaque(workerPointer).takeUnretainedValue()
    worker.callbacksRunning.add(1, ordering: .relaxed)
    defer { worker.callbacksRunning.subtract(1, ordering: .relaxed) }
    let server = worker.server
    let context = Unmanaged<RequestContext>.fromOpaque(contextPointer).takeUnretainedValue()
    let exchange = ConnectionExchange(connection: connection, server: server, context: context)
    if context.machine.state == .awaitingHeaders {
        let entry = openConnection(connection)
        let verdict = entry.map(server.connections.headReceived) ?? .proceed
        guard verdict != .cut else { return .NO }
        context.connection = entry
        return exchange.headersReceived(
            method: method, url: url, version: version, overCapacity: verdict == .overCapacity, entry: entry)
    }
    let size = uploadDataSize.pointee
    guard size > 0 else { return exchange.requestCompleted() }
    uploadDataSize.pointee = 0
    return exchange.bodyChunkReceived(UnsafeRawBufferPointer(start: uploadData, count: size))
}

/// The headers of one request head being collected, with the scan for values libmicrohttpd cut.
struct HeaderCollection {
    /// The fields so far, in order.
    var headers = HTTPHeaders()
    /// The scan of the head's bytes (see `HeaderValueCut`).
    var cut: HeaderValueCut
}

/// Collects one request header into the `HeaderCollection` that `collectionPointer` points at.
func collectHeader(
    _ collectionPointer: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ name: UnsafePointer<CChar>?,
    _ nameLength: Int,
    _ value: UnsafePointer<CChar>?,
    _ valueLength: Int
) -> MHD_Result {
    guard let collectionPointer, let name else { return .YES }
    let collection = collectionPointer.assumingMemoryBound(to: HeaderCollection.self)
    let fieldName = String(decoding: UnsafeRawBufferPointer(start: name, count: nameLength), as: UTF8.self)
    collection.pointee.headers.add(
        name: fieldName,
        value: String(
            decoding: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueLength),
            as: UTF8.self)
    )
    if let value {
        collection.pointee.cut.field(
            name: fieldName, nameStart: UnsafeRawPointer(name),
            valueEnd: UnsafeRawPointer(value + valueLength))
    }
    return .YES
}

/// libmicrohttpd's connection notification: tells the guard of every opened and closed
/// connection, and keeps the connection's `OpenConnection` in its socket context for the
/// per-request calls. File-scope, like every trampoline (DESIGN rule 2).
func connectionNotified(
    _ workerPointer: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let workerPointer, let connection, let socketContext else { return }
    let worker = Unmanaged<WorkerContext>.fromOpaque(workerPointer).takeUnretainedValue()
    let connections = worker.server.connections
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let entry = connections.connectionStarted(connection)
        socketContext.pointee = Unmanaged.passRetained(entry).toOpaque()  // Released at CLOSED below.
    case .CONNECTION_NOTIFY_CLOSED:
        connections.connectionClosed(connection)
        if let entry = socketContext.pointee {
            Unmanaged<ConnectionGuard.OpenConnection>.fromOpaque(entry).release()  // Retained at STARTED.
            socketContext.pointee = nil
        }
    default: break
    }
}

/// The guard's entry of `connection`, kept in its socket context since it opened; nil only if
/// libmicrohttpd never reported it open.
func openConnection(_ connection: OpaquePointer) -> ConnectionGuard.OpenConnection? {
    guard let entry = cmhd_connection_socket_context(connection) else { return nil }
    return Unmanaged<ConnectionGuard.OpenConnection>.fromOpaque(entry).takeUnretainedValue()
}
