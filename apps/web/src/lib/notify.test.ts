import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, messageForCode } from './notify';

describe('messageForCode', () => {
  it('translates failure codes with server.__{code} and success codes with server._{code}', () => {
    expect(messageForCode(4007)).toBe('Wrong user name or password');
    expect(messageForCode(1002)).toBe('Saved successfully');
    expect(messageForCode(-4024)).toBe('The old password is wrong');
  });

  it('falls back to the given text for unknown codes', () => {
    expect(messageForCode(4999, 'server said so')).toBe('server said so');
    expect(messageForCode(4999)).toBe('Unknown error');
  });
});

describe('errorMessage', () => {
  it('names invalid fields after the translated code', () => {
    const error = new ApiError(400, 4004, 'username must be 4 to 18 letters', [{ field: 'username', message: 'username must be 4 to 18 letters' }]);
    expect(errorMessage(error)).toBe('Incorrect parameter: username must be 4 to 18 letters');
  });

  it('adds the server’s reason to a generic refusal without fields, unless it only repeats the code', () => {
    expect(errorMessage(new ApiError(400, 4004, 'the console reads the dictionary sex'))).toBe('Incorrect parameter: the console reads the dictionary sex');
    expect(errorMessage(new ApiError(400, 4004, 'Incorrect parameter'))).toBe('Incorrect parameter');
    expect(errorMessage(new ApiError(400, 4004, 'x'.repeat(500)))).toHaveLength('Incorrect parameter: '.length + 160);
    // A specific code's text says it all.
    expect(errorMessage(new ApiError(400, 4010, 'username: alice is taken'))).toBe('This user name is already registered');
  });

  it('names the request of an unexpected failure, so the user can quote it', () => {
    expect(errorMessage(new ApiError(500, 500, 'Operation failed (request 4f2a-17)', [], { requestId: '4f2a-17' }))).toBe('Operation failed (request 4f2a-17)');
    expect(errorMessage(new ApiError(500, 500, 'Operation failed'))).toBe('Operation failed');
  });

  it('uses generic texts for network failures and the server message otherwise', () => {
    expect(errorMessage(new ApiError(504, 504, 'network timeout'))).toBe('Network timeout');
    expect(errorMessage(new ApiError(0, 0, 'network error'))).toBe('Network error, please check your connection');
    expect(errorMessage(new ApiError(502, 502, 'Bad gateway'))).toBe('Bad gateway');
  });
});
