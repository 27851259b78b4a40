import type { ChatMessage } from "../llm/chat-model";
import type { RunConfig } from "./config";
import type { ModelExchange } from "./events";

const cutNote = (n: number) => `\n… [${n.toLocaleString("en")} characters not recorded]`;

/** `text` within `room` characters, saying how much was left out. */
function cut(text: string, room: number): { text: string; cut: boolean } {
  if (text.length <= room) return { text, cut: false };
  const kept = Math.max(0, room);
  return { text: text.slice(0, kept) + cutNote(text.length - kept), cut: true };
}

/**
 * What a call sent and got back, as the run's config asks to record it: nothing when recording is
 * off; otherwise the messages in order, then the reply, within `maxChars` altogether. The reply
 * may take up to half the cap (more when the prompt is short), so a long prompt cannot crowd out
 * what came back.
 */
export function recordExchange(
  config: Pick<RunConfig, "prompts">,
  messages: ChatMessage[],
  reply: string,
): ModelExchange | null {
  // Runs recorded before the setting existed parse it with its defaults; a hand-built config may lack it.
  const prompts = config.prompts ?? { record: true, maxChars: 20_000 };
  if (!prompts.record) return null;
  const promptChars = messages.reduce((n, m) => n + m.content.length, 0);
  const chars = promptChars + reply.length;
  const replyRoom = Math.max(Math.floor(prompts.maxChars / 2), prompts.maxChars - promptChars);
  const storedReply = cut(reply, replyRoom);
  let room = prompts.maxChars - storedReply.text.length;
  let truncated = storedReply.cut;
  const stored = messages.map((m) => {
    const c = cut(m.content, room);
    room -= c.text.length;
    truncated ||= c.cut;
    return { role: m.role, content: c.text };
  });
  return { messages: stored, reply: storedReply.text, chars, truncated };
}
