/**
 * The engine's part of the English catalog (issue 17): every message core/, worker/ and platform/ format or
 * name — errors, tree labels and explanations, notes, table facts, EXPLAIN's lines, connection labels. The
 * engine worker's first chunk carries only this part; the page's own text (en-page.ts) never loads there.
 * engine-catalog.test.ts checks that the engine names no key outside it. The order of the parts is en.ts'
 * old order (a key two parts define, `error.iceberg.readFrom`, keeps the later one's text).
 */
import { enTree } from './en-tree.ts';
import { enHealth } from './en-health.ts';
import { enErrors2 } from './en-errors2.ts';
import { enErrors3 } from './en-errors3.ts';
import { enErrors4 } from './en-errors4.ts';
import { enErrors5 } from './en-errors5.ts';
import { enErrors6 } from './en-errors6.ts';
import { enErrors7 } from './en-errors7.ts';
import { enErrors8 } from './en-errors8.ts';
import { enErrors9 } from './en-errors9.ts';
import { enErrors10 } from './en-errors10.ts';
import { enErrors11 } from './en-errors11.ts';
import { enErrors12 } from './en-errors12.ts';
import { enErrors13 } from './en-errors13.ts';
import { enErrors14 } from './en-errors14.ts';
import { enErrors15 } from './en-errors15.ts';
import { enOrcErrors } from './en-orc-errors.ts';
import { enErrors16 } from './en-errors16.ts';
import { enFacts } from './en-facts.ts';
import { enExplain } from './en-explain.ts';
import { enQuery2 } from './en-query2.ts';
import { enWrites2 } from './en-writes2.ts';
import { enWrites3 } from './en-writes3.ts';
import { enWrites4 } from './en-writes4.ts';
import { enWrites5 } from './en-writes5.ts';
import { enI18n } from './en-i18n.ts';
import { enNotes2 } from './en-notes2.ts';
import { enNotes3 } from './en-notes3.ts';
import { enUi4 } from './en-ui4.ts';
import { catalogOfParts } from './catalog-parts.ts';

/** The English messages the engine formats (a subset of en.ts' `en`, with the same functions). */
export const enEngine = catalogOfParts(enTree, enHealth, enErrors2, enErrors3, enErrors4, enErrors5, enErrors6, enErrors7, enErrors8, enErrors9, enErrors10, enErrors11, enErrors12, enErrors13, enErrors14, enErrors15, enOrcErrors, enErrors16, enFacts, enExplain, enQuery2, enWrites2, enWrites3, enWrites4, enWrites5, enI18n, enNotes2, enNotes3, enUi4);
