/**
 * Resolves in the next task: work after it is a task of its own, so a phone's main thread is never
 * blocked by one long one (issue 41 item 6: Lighthouse counts each task's time over 50 ms, at 4×
 * CPU). A message, not a timer: a tab that is not shown (the PDF renderer's, a background tab)
 * runs timers once a second at most, messages at once.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
