/**
 * Rules whose findings are notes the page's readers recorded (`schemas/note.ts`): a benchmark block's parser sets
 * a line aside, the walk finds a profile that is not YAML. The reader states the fact; the rule of its id says
 * what is wrong, in its own file, from that fact.
 */
import { emit } from '../../diagnostics.js';
import { notesOf, type Note, type NoteOf } from '../../schemas/note.js';
import type { Rule } from '../types.js';

/** What a rule says of one note: its message, and what was expected against what the page has. */
export interface Said {
  message: string;
  expected?: string;
  actual?: string;
}

export interface NoteRule<K extends Note['ruleId']> extends Rule {
  id: K;
  /** The finding one note of this id makes. */
  say(note: NoteOf<K>): Said;
}

/** A rule that reports each note of its id on the page, as `say` words it. */
export function noteRule<K extends Note['ruleId']>(spec: Omit<NoteRule<K>, 'check'>): NoteRule<K> {
  return {
    ...spec,
    check({ notes, file }) {
      for (const note of notesOf(notes, spec.id)) {
        const { message, ...details } = spec.say(note);
        emit(file, spec.id, spec.severity, note, message, details);
      }
    },
  };
}

/** A quoted line cut to 80 characters. */
export const clip = (text: string): string => (text.length > 80 ? `${text.slice(0, 77)}...` : text);
