import Foundation
import Synchronization
import TabHostCore
import TabHostTesting
import Testing
import _CHostShims

/// `BoundedFile.read`, which reads layouts and state files: what is not a plain file must not hang it.
@Suite(.blocking)
struct BoundedFileTests {
    /// A FIFO no process writes made `tabhost check-layout FIFO` (and `run --layout FIFO`) wait for ever.
    @Test func aFIFOWithoutAWriterReadsAsEmpty() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let fifo = directory + "/layout.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            // Read on a thread of its own, so that a read that waits fails the test instead of hanging it.
            let done = DispatchSemaphore(value: 0)
            // How many bytes the thread read (-1: the read failed, -2: not read yet), atomic for ThreadSanitizer.
            let count = Atomic<Int>(-2)
            Thread {
                count.store((try? BoundedFile.read(fifo, limit: 100))?.count ?? -1, ordering: .sequentiallyConsistent)
                done.signal()
            }.start()
            if done.wait(timeout: .now() + 10) == .timedOut {
                Issue.record("the read of a FIFO without a writer waited 10 s")
                // A writer that comes and goes lets the waiting open through, and the read ends.
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
                done.wait()
            }
            #expect(count.load(ordering: .sequentiallyConsistent) == 0)
        }
    }

    /// The control: what `--layout <(generate)` gives, a pipe with its writer, is read (not taken as empty),
    /// also when the writer sends after the read began. The writer sends more than the limit, so the read
    /// ends at the limit and one byte, not at an end of file: a process another test forks meanwhile holds
    /// the write end too, and an end of file would wait for it. The read runs on a thread of its own, so
    /// that one that waited would fail the test rather than hang the run.
    @Test(.hangGuard) func aPipeWithAWriterIsRead() throws {
        var ends: [Int32] = [0, 0]
        #expect(tabhost_host_pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let sent = "{\"root\": {}}" + String(repeating: " ", count: 200)
        Thread {
            usleep(200_000)
            _ = sent.withCString { write(writeEnd, $0, strlen($0)) }
            close(writeEnd)
        }.start()
        let done = DispatchSemaphore(value: 0)
        // What the read gave: 1 when it was the limit and one byte of what was sent, 0 otherwise.
        let matched = Atomic<Int>(-1)
        Thread {
            let read = try? BoundedFile.read("/dev/fd/\(readEnd)", limit: 100)
            matched.store(read == Array(sent.utf8.prefix(101)) ? 1 : 0, ordering: .sequentiallyConsistent)
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 10) == .success else {
            Issue.record("the read of a pipe whose writer sent 212 bytes waited 10 s")
            return
        }
        #expect(matched.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test func aFileOverTheLimitGivesOneByteMore() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/big"
            try Data(repeating: 0x20, count: 300).write(to: URL(fileURLWithPath: path))
            #expect(try BoundedFile.read(path, limit: 100).count == 101)
            #expect(try BoundedFile.read(path, limit: 300).count == 300)
        }
    }
}
