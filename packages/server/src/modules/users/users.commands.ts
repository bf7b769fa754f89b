import type { CommandDeclaration, CommandModule } from '../commands/command.types.js';
import { resetPassword, setDisabled, temporaryPassword } from './user-lifecycle.service.js';
import { createUser } from './users.service.js';

const PASSWORD_NOTE = 'Pass it on safely: it is shown only this once.';

/** `disable user` / `enable user`: one service, `setDisabled`, either way. */
function switchUser(disabled: boolean): CommandDeclaration {
  return {
    syntax: `${disabled ? 'disable' : 'enable'} user {name}`,
    arguments: { name: 'userName' },
    process: false,
    help: disabled
      ? {
          en: 'Disables a user and ends all their sessions at once.',
          de: 'Sperrt einen Benutzer und beendet sofort alle seine Sitzungen.',
        }
      : { en: 'Enables a disabled user again.', de: 'Gibt einen gesperrten Benutzer wieder frei.' },
    async run(env, args) {
      const user = await setDisabled(env.ctx, args.name as string, disabled);
      env.out(
        disabled
          ? `User ${user.name} is disabled; their sessions have ended`
          : `User ${user.name} is enabled`,
      );
    },
  };
}

/** User administration commands: the same services, rails and audit entries as `/users`. */
export const usersCommands: CommandModule = {
  module: 'users',
  commands: [
    {
      syntax: 'create user {name} [group {group}]',
      arguments: { name: 'userName', group: 'groupName' },
      process: false,
      showsSecret: true,
      help: {
        en: 'Creates a user, optionally as member of a group, with a temporary password that must be changed at the first sign-in.',
        de: 'Legt einen Benutzer an, optional als Mitglied einer Gruppe, mit einem vorläufigen Passwort, das bei der ersten Anmeldung geändert werden muss.',
      },
      async run(env, args) {
        const password = temporaryPassword();
        const user = await createUser(env.ctx, {
          name: args.name as string,
          password,
          mustChangePassword: true,
          ...(args.group ? { groups: [args.group] } : {}),
        });
        env.out(
          `Created user ${user.name}${user.groups.length ? ` in group ${user.groups.join(', ')}` : ''}`,
        );
        env.out(`Temporary password: ${password}`, 'info', { secret: true });
        env.out(PASSWORD_NOTE);
      },
    },
    switchUser(true),
    switchUser(false),
    {
      syntax: 'reset password of {name}',
      arguments: { name: 'userName' },
      process: false,
      showsSecret: true,
      help: {
        en: 'Sets a temporary password that must be changed at the next sign-in and ends all sessions of the user.',
        de: 'Setzt ein vorläufiges Passwort, das bei der nächsten Anmeldung geändert werden muss, und beendet alle Sitzungen des Benutzers.',
      },
      async run(env, args) {
        const { password } = await resetPassword(env.ctx, args.name as string, undefined);
        env.out(`The password of ${args.name} is reset; their sessions have ended`);
        env.out(`Temporary password: ${password}`, 'info', { secret: true });
        env.out(PASSWORD_NOTE);
      },
    },
  ],
};
