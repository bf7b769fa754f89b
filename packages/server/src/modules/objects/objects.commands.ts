import { StateChange } from '@geoportal/contract/object';
import { BadRequestError } from '../../http/errors.js';
import type { CommandModule } from '../commands/command.types.js';
import { changeState } from './object.service.js';

/** Workflow commands on records. */
export const objectsCommands: CommandModule = {
  module: 'objects',
  commands: [
    {
      syntax: 'set state of {id} to {state} [comment {text}]',
      arguments: { id: 'objectId', state: 'state', text: 'text' },
      process: false,
      help: {
        en: 'Moves a record through the workflow (draft, submitted, published, withdrawn) with an optional comment, under the same rules as the record page.',
        de: 'Bewegt einen Datensatz im Arbeitsablauf (draft, submitted, published, withdrawn) mit optionalem Kommentar, nach denselben Regeln wie auf der Datensatzseite.',
      },
      async run(env, args) {
        // The same body check as `PUT /object/{id}/state` (the comment's length, for one).
        const change = StateChange.safeParse({ state: args.state, comment: args.text });
        if (!change.success) {
          throw new BadRequestError(
            `The state change is not valid: ${change.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
          );
        }
        const object = await changeState(env.ctx, args.id as string, change.data);
        env.out(`Record ${object.id} is now ${object.state} (version ${object.version})`);
      },
    },
  ],
};
