import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '#domain/admin/staff-permissions.js';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(100)
  username!: string;

  @ApiProperty({ example: 'secret' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200)
  password!: string;
}

export class LoginResponseDto {
  @ApiProperty() token!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ['ADMIN'] }) role!: 'ADMIN';
  @ApiProperty({ description: 'Seconds until the token expires without activity' }) expiresIn!: number;
  @ApiProperty({ enum: STAFF_ROLES, description: 'What the staff member may do (the permission map); the owner holds every permission' }) staffRole!: StaffRole;
  @ApiProperty({ description: 'The password is a one-time one: only changing it (POST /api/admin/auth/password) is allowed until then' })
  mustChangePassword!: boolean;
}
