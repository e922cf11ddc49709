import CMicroHTTPD
import Glibc
import HTTPKit

/// One access-handler call: applies the state machine's action to the connection. Lives only for the
/// duration of the call.
struct ConnectionExchange {
    let connection: OpaquePointer
    let server: ServerContext
    let context: RequestContext

    /// First call: collect method, headers and client address, then accept or refuse the body.
    /// Over the connection cap, the answer is 503 with `Retry-After`, before any body is read.
    /// `method` points at the start of the head in libmicrohttpd's read buffer, which is where
    /// `HeaderValueCut` scans from.
    /// `entry` is the connection's guard entry, which knows the client's address since the
    /// connection opened (nil: looked up now).
    /// `url` and `version` are libmicrohttpd's parts of the request line, for `RequestLine` and
    /// `RequestFraming`.
    func headersReceived(
        method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        overCapacity: Bool = false, entry: ConnectionGuard.OpenConnection? = nil
    ) -> MHD_Result {
        context.method = HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "")
        let head = UnsafeRawBufferPointer(
            start: method, count: method == nil ? 0 : cmhd_request_header_size(connection))
        var collection = HeaderCollection(cut: HeaderValueCut(head: head))
        // Counting first (no callback) is a walk of libmicrohttpd's list; it saves regrowing the
        // fields (one more for the request id the responder usually adds).
        collection.headers.reserveCapacity(
            Int(MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)) + 1)
        _ = withUnsafeMutablePointer(to: &collection) {
            MHD_get_connection_values_n(connection, .HEADER_KIND, collectHeader, $0)
        }
        collection.cut.finish()
        let headers = collection.headers
        context.headers = headers
        if let known = entry?.remoteAddress, !known.isEmpty {
            context.remoteAddress = known
        } else {
            context.remoteAddress = Self.clientAddress(of: connection)
        }
        let lineRefusal =
            context.lineRefusal
            ?? method.flatMap { method in url.flatMap { RequestLine.methodRefusal(method, target: $0) } }
        if let refusal = lineRefusal
            ?? RequestFraming.refusal(
                for: headers, cutValueOf: collection.cut.cutName,
                version: version.map { String(cString: $0) })
        {
            return perform(context.machine.refuse(refusal))
        }
        if overCapacity { return perform(.reject(ConnectionGuard.overCapacity)) }
        return perform(context.machine.headersReceived(contentLength: headers["Content-Length"]))
    }

    /// A body chunk: keep it or drop it, as the machine says.
    func bodyChunkReceived(_ chunk: UnsafeRawBufferPointer) -> MHD_Result {
        let action = context.machine.bodyChunkReceived(byteCount: chunk.count)
        if action == .storeChunk {
            context.body.append(contentsOf: chunk)
            return .YES
        }
        // Discarding: what was kept no longer counts against the budget, so it goes too.
        if action == .discardChunk, !context.body.isEmpty { context.body = [] }
        return perform(action)
    }

    /// Last call: answer.
    func requestCompleted() -> MHD_Result {
        perform(context.machine.requestCompleted())
    }

    private func perform(_ action: RequestStateMachine.Action) -> MHD_Result {
        switch action {
        case .readBody(let expectedLength):
            if let expectedLength, expectedLength > 0 { context.body.reserveCapacity(expectedLength) }
            return .YES
        case .storeChunk, .discardChunk:
            return .YES
        case .respond:
            // Claimed before the responder runs: its time is not the client's.
            guard context.connection?.claimAnswer() ?? true else { return .NO }
            let request = context.takeRequest()
            return queue(server.responder.respond(to: request))
        case .reject(let error):
            guard context.connection?.claimAnswer() ?? true else { return .NO }
            var response = server.responder.respond(to: error, for: context.takeRequest())
            // A refused head (`RequestFraming`) must end the connection whatever the responder
            // renders: the bytes after it cannot be trusted to start a request.
            if let connection = error.headers["Connection"] {
                response.headers.replaceOrAdd(name: "Connection", value: connection)
            }
            return queue(response)
        case .closeConnection:
            return .NO
        case .answerAndClose(let error):
            guard context.connection?.claimAnswer() ?? true else { return .NO }
            context.body = []
            var response = server.responder.respond(to: error, for: context.takeRequest())
            response.headers.replaceOrAdd(name: "Connection", value: "close")
            // This worker owns the socket now (libmicrohttpd writes nothing while it reads a
            // body); returning NO then closes the connection.
            let socket = cmhd_connection_fd(connection)
            if socket >= 0 {
                _ = RefusedConnections.serialized(response).withUnsafeBytes {
                    send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                }
                shutdown(socket, Int32(SHUT_RDWR))
            }
            return .NO
        }
    }

    /// Hands the response to libmicrohttpd, which copies the body, writes `Content-Length` itself and
    /// leaves the body out for `HEAD`.
    private func queue(_ response: Response) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count,
                UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY
            )
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for field in response.headers where !field.isNamed("Content-Length") {
            // withCString lends a native string's own bytes: no C copy allocated per header.
            _ = field.name.withCString { name in
                field.value.withCString { value in MHD_add_response_header(created, name, value) }
            }
        }
        if server.draining.load(ordering: .relaxed) {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(clamping: response.status.code), created)
    }

    /// The client's address as text, written into stack memory (no array allocated), or empty
    /// when libmicrohttpd does not know it.
    static func clientAddress(of connection: OpaquePointer) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String in
            guard let base = buffer.baseAddress else { return "" }
            base.initialize(to: 0)
            guard cmhd_connection_client_address(connection, base, buffer.count) == 0 else { return "" }
            return String(cString: base)
        }
    }
}
